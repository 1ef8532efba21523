// The probe that recorded the H100 layouts of tensor-map copies in
// tma_layout_probe.h100.txt (nvcc -arch=sm_90 -std=c++17, CUDA 13.0, NVIDIA
// H100 80GB HBM3), kept as it ran: for each swizzle mode, box and offset
// into a 1024-byte aligned buffer it prints the 16-byte chunks of the first
// 1024 bytes as row.chunk (0xdeadbeef, untouched, prints as 14593470.59);
// the last load, 32-byte aligned with a 32B swizzle, fails with 716
// (cudaErrorMisalignedAddress), and every later call returns that sticky
// error. runtime.tma_layout_probe checks that warpsim prints the same.
// clang-format off
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdint>
#define S(p) (unsigned)__cvta_generic_to_shared(p)
PFN_cuTensorMapEncodeTiled_v12000 enc;
__global__ void k(const __grid_constant__ CUtensorMap m,int c0,int c1,unsigned off,unsigned tx,unsigned*out){
 extern __shared__ __align__(1024) unsigned char sm[];
 __shared__ uint64_t bar;
 unsigned n=blockDim.x;
 for(unsigned i=threadIdx.x;i<4096;i+=n)((unsigned*)sm)[i]=0xDEADBEEF;
 __syncthreads();
 unsigned ok=0;
 if(threadIdx.x==0){
  asm volatile("mbarrier.init.shared.b64 [%0],1;"::"r"(S(&bar)));
  asm volatile("fence.proxy.async.shared::cta;");
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _,[%0],%1;"::"r"(S(&bar)),"r"(tx));
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0],[%1,{%2,%3}],[%4];"::"r"(S(sm+off)),"l"(&m),"r"(c0),"r"(c1),"r"(S(&bar)):"memory");
  for(int i=0;i<2000000&&!ok;i++)asm volatile("{.reg .pred p;mbarrier.test_wait.parity.shared.b64 p,[%1],0;selp.u32 %0,1,0,p;}":"=r"(ok):"r"(S(&bar)));
  out[4096]=ok;
 }
 __syncthreads();
 for(unsigned i=threadIdx.x;i<4096;i+=n)out[i]=((unsigned*)sm)[i];
}
unsigned*d,h[4097];
int run(CUtensorMapDataType t,int es,void*g,uint64_t W,uint64_t H,uint32_t bw,uint32_t bh,int sw,int fill,int c0,int c1,unsigned off){
 CUtensorMap m;uint64_t dim[2]={W,H},st[1]={W*es};uint32_t box[2]={bw,bh},e[2]={1,1};
 int r=enc(&m,t,2,g,dim,st,box,e,CU_TENSOR_MAP_INTERLEAVE_NONE,(CUtensorMapSwizzle)sw,CU_TENSOR_MAP_L2_PROMOTION_NONE,(CUtensorMapFloatOOBfill)fill);
 printf("enc=%d ",r);if(r)return r;
 k<<<1,128,20000>>>(m,c0,c1,off,bw*bh*es,d);
 printf("launch=%d ",cudaDeviceSynchronize());
 cudaMemcpy(h,d,4097*4,cudaMemcpyDeviceToHost);printf("done=%u\n",h[4096]);return 0;
}
int main(){
 cudaDriverEntryPointQueryResult q;
 cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled",(void**)&enc,12000,cudaEnableDefault,&q);
 unsigned*g;cudaMalloc(&g,1<<20);cudaMalloc(&d,4097*4);
 unsigned v[65536];for(int i=0;i<65536;i++)v[i]=((i/256)<<8)|(i%256);
 cudaMemcpy(g,v,sizeof v,cudaMemcpyHostToDevice);
 int cf[][4]={{1,8,32,0},{2,16,16,0},{3,32,8,0},{3,16,16,0},{2,8,32,0},{3,32,8,128},{3,32,8,512},{1,8,32,32}};
 for(auto&c:cf){printf("sw=%d bw=%d bh=%d off=%d ",c[0],c[1],c[2],c[3]);
  if(run(CU_TENSOR_MAP_DATA_TYPE_UINT32,4,g,256,256,c[1],c[2],c[0],0,0,0,c[3]))continue;
  for(int i=c[3]/4;i<c[3]/4+256;i+=4)printf("%u.%u%c",h[i]>>8,(h[i]&255)/4,(i-c[3]/4)%32==28?'\n':' ');}
 CUtensorMapDataType ft[]={CU_TENSOR_MAP_DATA_TYPE_FLOAT32,CU_TENSOR_MAP_DATA_TYPE_FLOAT16,CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,CU_TENSOR_MAP_DATA_TYPE_FLOAT64,CU_TENSOR_MAP_DATA_TYPE_UINT32};int fs[]={4,2,2,8,4};
 for(int f=0;f<5;f++)for(int fill=0;fill<2;fill++){printf("oob t=%d fill=%d ",(int)ft[f],fill);
  if(run(ft[f],fs[f],g,16/fs[f],4,32/fs[f],8,0,fill,-2,-1,0))continue;
  for(int i=0;i<64;i++)printf("%08x%c",h[i],i%8==7?'\n':' ');}
 uint64_t dim[2]={64,64},st[1]={256},bst[1]={250},huge[1]={1ull<<40};uint32_t box[2]={32,8},b257[2]={32,257},b2[2]={2,8},e[2]={1,1},e9[2]={1,9};CUtensorMap mm;
 #define V(name,...) printf("val %s=%d\n",name,(int)enc(__VA_ARGS__,CU_TENSOR_MAP_INTERLEAVE_NONE,CU_TENSOR_MAP_SWIZZLE_NONE,CU_TENSOR_MAP_L2_PROMOTION_NONE,CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE))
 V("ok",&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,2,g,dim,st,box,e);
 V("base+8",&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,2,(char*)g+8,dim,st,box,e);
 V("stride250",&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,2,g,dim,bst,box,e);
 V("stride2^40",&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,2,g,dim,huge,box,e);
 V("box257",&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,2,g,dim,st,b257,e);
 V("box0x4=8B",&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,2,g,dim,st,b2,e);
 V("es9",&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,2,g,dim,st,box,e9);
 V("rank0",&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,0,g,dim,st,box,e);
 V("rank6",&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,6,g,dim,st,box,e);
 V("map+64",(CUtensorMap*)((char*)&mm+64),CU_TENSOR_MAP_DATA_TYPE_UINT32,2,g,dim,st,box,e);
 V("map+16",(CUtensorMap*)((char*)&mm+16),CU_TENSOR_MAP_DATA_TYPE_UINT32,2,g,dim,st,box,e);
 printf("val sw64box128=%d\n",(int)enc(&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,2,g,dim,st,box,e,CU_TENSOR_MAP_INTERLEAVE_NONE,CU_TENSOR_MAP_SWIZZLE_64B,CU_TENSOR_MAP_L2_PROMOTION_NONE,CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
 printf("val nanint=%d\n",(int)enc(&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,2,g,dim,st,box,e,CU_TENSOR_MAP_INTERLEAVE_NONE,CU_TENSOR_MAP_SWIZZLE_NONE,CU_TENSOR_MAP_L2_PROMOTION_NONE,CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA));
 printf("val atom32=%d\n",(int)enc(&mm,CU_TENSOR_MAP_DATA_TYPE_UINT32,2,g,dim,st,box,e,CU_TENSOR_MAP_INTERLEAVE_NONE,CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B,CU_TENSOR_MAP_L2_PROMOTION_NONE,CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
 printf("mis16 ");run(CU_TENSOR_MAP_DATA_TYPE_UINT32,4,g,256,256,32,8,0,0,0,0,16);
 printf("mis16sw ");run(CU_TENSOR_MAP_DATA_TYPE_UINT32,4,g,256,256,32,8,3,0,0,0,16);
}
