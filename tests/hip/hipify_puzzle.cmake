# hip.puzzle.ID: a puzzle kernel of kernels/ as a HIP program, at 64 lanes.
# The CUDA source and the headers it includes are hipified as hipify-perl
# would for these files (cuda_runtime.h -> hip/hip_runtime.h, cudaX -> hipX,
# cudaDeviceProp -> hipDeviceProp_t) into a directory of their own; `warpsim
# run X.hip` (HIP mode: --arch cdna3) must print PASS and exactly what
# `warpsim run X.cu --warp-size 64` prints (the CUDA program at 64 lanes).
#   -DWARPSIM=... -DCACHE=... -DSRC=kernels/X.cu -DOUT=<dir>
cmake_minimum_required(VERSION 3.25)
get_filename_component(kernels "${SRC}" DIRECTORY)
get_filename_component(id "${SRC}" NAME_WE)
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
function(hipify from to)
  file(READ "${from}" text)
  string(REPLACE "<cuda_runtime.h>" "<hip/hip_runtime.h>" text "${text}")
  string(REGEX REPLACE "cudaDeviceProp([^A-Za-z_0-9])" "hipDeviceProp_t\\1" text "${text}")
  string(REGEX REPLACE "([^A-Za-z_0-9])cuda([A-Z])" "\\1hip\\2" text "${text}")
  file(WRITE "${to}" "${text}")
endfunction()
file(GLOB headers "${kernels}/*.h")
foreach(h IN LISTS headers)
  get_filename_component(name "${h}" NAME)
  hipify("${h}" "${OUT}/${name}")
endforeach()
hipify("${SRC}" "${OUT}/${id}.hip")
file(READ "${OUT}/${id}.hip" hip_text)
if(hip_text MATCHES "cuda[A-Z]")
  message(FATAL_ERROR "${id}: CUDA names left after hipify")
endif()

execute_process(COMMAND ${WARPSIM} run ${OUT}/${id}.hip --cache-dir ${CACHE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE hip_out ERROR_VARIABLE hip_err)
if(NOT rc EQUAL 0 OR NOT hip_out MATCHES "PASS")
  message(FATAL_ERROR "${id}.hip: exit ${rc}\n${hip_out}${hip_err}")
endif()
execute_process(COMMAND ${WARPSIM} run ${SRC} --warp-size 64 --cache-dir ${CACHE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE cuda_out ERROR_VARIABLE cuda_err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${id}.cu at 64 lanes: exit ${rc}\n${cuda_out}${cuda_err}")
endif()
# The program's own output; warpsim's summary counts events, which the HIP
# headers' wrappers may change.
foreach(v hip_out cuda_out)
  string(REGEX REPLACE "(^|\n)=========[^\n]*" "" ${v} "${${v}}")
endforeach()
if(NOT hip_out STREQUAL cuda_out)
  message(FATAL_ERROR "${id}: HIP and CUDA at 64 lanes differ\n--- HIP:\n${hip_out}\n--- CUDA:\n${cuda_out}")
endif()
message(STATUS "${id}: HIP at 64 lanes prints what the CUDA program does at 64")
