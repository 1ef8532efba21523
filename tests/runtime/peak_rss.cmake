# `warpsim run --timing` prints the program's own peak resident set: a run that
# touches 96 MiB more host memory reports at least 80 MiB more (the driver's
# memory is the same in both); without --timing there is no such line.
# Built first: a run that compiles has the front end's heap in the driver when
# it forks the program, and Linux counts the fork's pages until exec.
execute_process(COMMAND ${WARPSIM} build --cache-dir ${CACHE} ${SOURCE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "build of ${SOURCE} exited ${rc}:\n${out}${err}")
endif()
function(peak mib var)
  execute_process(COMMAND ${WARPSIM} run --cache-dir ${CACHE} --timing ${SOURCE} -- ${mib}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "program peak RSS ([0-9]+) KiB")
    message(FATAL_ERROR "run --timing -- ${mib} (exit ${rc}): no peak RSS line:\n${out}${err}")
  endif()
  set(${var} ${CMAKE_MATCH_1} PARENT_SCOPE)
endfunction()
peak(1 small)
peak(97 large)
math(EXPR grown "${large} - ${small}")
if(small LESS 1024 OR grown LESS 81920)
  message(FATAL_ERROR "peak RSS ${small} KiB touching 1 MiB, ${large} KiB touching 97 MiB")
endif()
execute_process(COMMAND ${WARPSIM} run --cache-dir ${CACHE} ${SOURCE} -- 1
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR out MATCHES "peak RSS")
  message(FATAL_ERROR "run without --timing (exit ${rc}) printed a peak RSS:\n${out}${err}")
endif()
