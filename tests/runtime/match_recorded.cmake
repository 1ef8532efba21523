# Runs `warpsim run SOURCE OPTIONS` and requires its standard output to be
# byte-identical to RECORDED (the output of the program's native build on a
# GPU, recorded with the command named in that file's CMakeLists entry).
#   -DWARPSIM=... -DSOURCE=... -DOPTIONS="a;b" -DRECORDED=file
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${WARPSIM} run ${SOURCE} ${OPTIONS}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${RECORDED} want)
# warpsim's own summary line is not part of the program's output.
string(REGEX REPLACE "========= warpsim:[^\n]*\n" "" out "${out}")
if(NOT "${rc}" STREQUAL "0")
  message(FATAL_ERROR "exit status ${rc}\n--- stdout:\n${out}\n--- stderr:\n${err}")
endif()
if(NOT "${out}" STREQUAL "${want}")
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/mismatch.txt "${out}")
  execute_process(COMMAND diff ${RECORDED} ${CMAKE_CURRENT_BINARY_DIR}/mismatch.txt OUTPUT_VARIABLE d)
  message(FATAL_ERROR "output differs from ${RECORDED}:\n${d}")
endif()
message(STATUS "ok: identical to ${RECORDED}")
