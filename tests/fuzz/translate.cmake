# A fuzzer finding as a regression test: `warpsim translate INPUT` must end
# in success (exit 0) or one located error (exit 4), never a crash.
#   -DWARPSIM=... -DINPUT=...
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${WARPSIM} translate ${INPUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err TIMEOUT 120)
foreach(re "Segmentation fault" "core dumped" "Sanitizer" "Stack dump:" "PLEASE submit"
           "LLVM ERROR" "terminate called" "Aborted" "terminated by signal")
  if(err MATCHES "${re}")
    message(FATAL_ERROR "crash ('${re}'), exit ${rc}:\n${err}")
  endif()
endforeach()
if(rc EQUAL 0)
  if(NOT out MATCHES "#line 1 ")
    message(FATAL_ERROR "exit 0 but no translation:\n${out}${err}")
  endif()
elseif(rc EQUAL 4)
  string(REPLACE ";" "," flat "${err}")
  string(REGEX MATCHALL "[^\n]*error:[^\n]*" errors "${flat}")
  list(LENGTH errors n)
  if(NOT n EQUAL 1 OR NOT err MATCHES "^[^\n]*:[0-9]+:[0-9]+: (fatal )?error: ")
    message(FATAL_ERROR "exit 4 without exactly one located error:\n${err}")
  endif()
else()
  message(FATAL_ERROR "exit ${rc} (expected 0 or 4):\n${out}${err}")
endif()
message(STATUS "ok: exit ${rc}")
