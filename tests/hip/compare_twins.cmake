# hip.twins.NAME: `warpsim run` of a HIP program (64-lane wavefronts) and of
# its CUDA twin (32-lane warps) print the same lines, but those starting "ws:"
# (what depends on the warp size or the device) and warpsim's own "=========" lines.
# With -DGPU=FILE (the CUDA twin's stdout recorded on the H100,
# tests/hip/h100/X.stdout), the HIP program's lines must also be the GPU's.
#   -DWARPSIM=... -DCACHE=... -DHIP=X.hip -DCUDA=cuda/X.cu [-DGPU=h100/X.stdout]
cmake_minimum_required(VERSION 3.25)
foreach(which IN ITEMS HIP CUDA)
  set(src "${${which}}")
  execute_process(COMMAND ${WARPSIM} run ${src} --cache-dir ${CACHE}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${src}: exit status ${rc}\n${out}${err}")
  endif()
  string(REGEX REPLACE "(^|\n)(ws:|=========)[^\n]*" "" kept "${out}")
  string(STRIP "${kept}" kept)
  if(kept STREQUAL "")
    message(FATAL_ERROR "${src}: printed nothing to compare\n${out}")
  endif()
  set(${which}_out "${kept}")
endforeach()
if(NOT HIP_out STREQUAL CUDA_out)
  message(FATAL_ERROR "outputs differ\n--- ${HIP}:\n${HIP_out}\n--- ${CUDA}:\n${CUDA_out}")
endif()
if(GPU)
  file(READ "${GPU}" gpu_out)
  string(REGEX REPLACE "(^|\n)(ws:|=========)[^\n]*" "" gpu_out "${gpu_out}")
  string(STRIP "${gpu_out}" gpu_out)
  if(NOT HIP_out STREQUAL gpu_out)
    message(FATAL_ERROR "HIP at 64 lanes and the H100 differ\n--- ${HIP}:\n${HIP_out}\n--- ${GPU}:\n${gpu_out}")
  endif()
endif()
message(STATUS "same output:\n${HIP_out}")
