# CMake functions for CUDA programs that warpsim runs (kernels/, examples/, tests/).
#
# warpsim_add_cuda_program(NAME SOURCE <file.cu>
#     [ARGS <program args...>] [WARPSIM_OPTIONS <options...>]
#     [PASS_REGULAR_EXPRESSION <re>] [WILL_FAIL] [NO_NATIVE] [LABELS <labels...>])
#   - builds SOURCE for the simulator at build time (`warpsim build`, into the
#     shared compile cache), as target NAME.sim;
#   - adds the CTest test NAME: `warpsim run SOURCE [WARPSIM_OPTIONS] -- [ARGS]`;
#   - when nvcc is found and WARPSIM_NATIVE_KERNELS is on, also builds
#     NAME.native with `nvcc -arch=sm_90 -lineinfo` (never run in CI: no GPU);
#     a source with a line `// nvcc-arch: sm_90a` (wgmma and setmaxnreg
#     exist only there) is built with -gencode=arch=compute_90a,code=sm_90a
#     (nvcc 13's -arch=sm_90a also embeds compute_90 PTX, which ptxas
#     refuses for wgmma).
set(WARPSIM_CACHE_DIR "${CMAKE_BINARY_DIR}/warpsim-cache" CACHE PATH "warpsim compile cache for the build's tests")
find_program(WARPSIM_NVCC nvcc HINTS /usr/local/cuda/bin)
if(WARPSIM_NVCC AND WARPSIM_NATIVE_KERNELS)
  set(WARPSIM_HAVE_NVCC ON)
  message(STATUS "warpsim: native kernel builds with ${WARPSIM_NVCC}")
else()
  set(WARPSIM_HAVE_NVCC OFF)
  message(STATUS "warpsim: nvcc not found or disabled; native kernel builds off")
endif()

# The nvcc architecture flag a program needs: -arch=sm_90, or the
# architecture its `// nvcc-arch: sm_NNa` line names, alone
# (scripts/h100-crosscheck.sh reads the line too).
function(warpsim_native_arch out src)
  file(STRINGS "${src}" line REGEX "^// nvcc-arch: sm_[0-9]+a$" LIMIT_COUNT 1)
  if(line)
    string(REGEX REPLACE "^// nvcc-arch: sm_([0-9]+a)$" "\\1" arch "${line}")
    set(${out} "-gencode=arch=compute_${arch},code=sm_${arch}" PARENT_SCOPE)
  else()
    set(${out} -arch=sm_90 PARENT_SCOPE)
  endif()
endfunction()

function(warpsim_add_cuda_program NAME)
  cmake_parse_arguments(P "WILL_FAIL;NO_NATIVE" "SOURCE;PASS_REGULAR_EXPRESSION" "ARGS;WARPSIM_OPTIONS;LABELS" ${ARGN})
  get_filename_component(src "${P_SOURCE}" ABSOLUTE)
  set(stamp "${CMAKE_CURRENT_BINARY_DIR}/${NAME}.sim.stamp")
  add_custom_command(OUTPUT "${stamp}"
    COMMAND $<TARGET_FILE:warpsim> build "${src}" --cache-dir "${WARPSIM_CACHE_DIR}" ${P_WARPSIM_OPTIONS}
    COMMAND ${CMAKE_COMMAND} -E touch "${stamp}"
    DEPENDS "${src}" warpsim warpsim_rt warpsim_checks
    COMMENT "warpsim build ${NAME}" VERBATIM)
  add_custom_target(${NAME}.sim ALL DEPENDS "${stamp}")
  add_test(NAME ${NAME}
    COMMAND $<TARGET_FILE:warpsim> run "${src}" --cache-dir "${WARPSIM_CACHE_DIR}" ${P_WARPSIM_OPTIONS} -- ${P_ARGS}
    WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}")
  if(P_PASS_REGULAR_EXPRESSION)
    set_tests_properties(${NAME} PROPERTIES PASS_REGULAR_EXPRESSION "${P_PASS_REGULAR_EXPRESSION}")
  endif()
  if(P_WILL_FAIL)
    set_tests_properties(${NAME} PROPERTIES WILL_FAIL ON)
  endif()
  if(P_LABELS)
    set_tests_properties(${NAME} PROPERTIES LABELS "${P_LABELS}")
  endif()
  if(WARPSIM_HAVE_NVCC AND NOT P_NO_NATIVE)
    set(native "${CMAKE_CURRENT_BINARY_DIR}/native/${NAME}")
    warpsim_native_arch(arch "${src}")
    add_custom_command(OUTPUT "${native}"
      COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_CURRENT_BINARY_DIR}/native"
      COMMAND ${WARPSIM_NVCC} ${arch} -lineinfo -std=c++17 -I${CMAKE_SOURCE_DIR}/kernels -o "${native}" "${src}"
      DEPENDS "${src}" COMMENT "nvcc ${NAME}" VERBATIM)
    add_custom_target(${NAME}.native ALL DEPENDS "${native}")
  endif()
endfunction()
