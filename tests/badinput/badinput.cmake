# One row of the bad-input table (docs/reliability.md): runs `warpsim ARGS`
# and requires what a user must see for bad input: the exit status, exactly
# one error message (a line with "error:" or "ERROR ["), which matches
# LOCATION (file:line where there is one), and nothing that crashed.
#   -DWARPSIM=... -DARGS="run;file.cu;..." -DEXPECT_EXIT=N -DLOCATION=regex
#   -DEXPECT="regex;..." (each must match too)
#   -DMESSAGE="regex": what counts as a message (default: error lines)
#   -DLIMIT_DATA_KB=N: run under `ulimit -d N` (a small host, safely)
#   -DCACHE_DIR=...: --cache-dir, put after COMMAND FILE (before any `--`)
cmake_minimum_required(VERSION 3.25)
if(CACHE_DIR)
  list(INSERT ARGS 2 --cache-dir ${CACHE_DIR})
endif()
set(cmd ${WARPSIM} ${ARGS})
if(LIMIT_DATA_KB)
  set(cmd sh -c "ulimit -d ${LIMIT_DATA_KB} && exec \"$@\"" sh ${cmd})
endif()
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                TIMEOUT 300)
set(all "${out}${err}")
if(NOT "${rc}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "exit status ${rc}, expected ${EXPECT_EXIT}\n--- output:\n${all}")
endif()
# Crashes of warpsim itself or of the compiler, sanitizer reports, cores.
foreach(re "Segmentation fault" "core dumped" "AddressSanitizer" "UndefinedBehaviorSanitizer"
           "Stack dump:" "PLEASE submit a bug report" "terminate called" "Aborted"
           "terminated by signal")
  if(all MATCHES "${re}")
    message(FATAL_ERROR "output shows a crash ('${re}')\n--- output:\n${all}")
  endif()
endforeach()
string(REPLACE ";" "," flat "${all}")
if(NOT MESSAGE)
  set(MESSAGE "(error:|ERROR \\[)")
endif()
string(REGEX MATCHALL "[^\n]*${MESSAGE}[^\n]*" errors "${flat}")
list(LENGTH errors n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "${n} messages matching '${MESSAGE}', expected exactly one\n--- output:\n${all}")
endif()
if(LOCATION AND NOT all MATCHES "${LOCATION}")
  message(FATAL_ERROR "no location matching '${LOCATION}'\n--- output:\n${all}")
endif()
foreach(re IN LISTS EXPECT)
  if(NOT all MATCHES "${re}")
    message(FATAL_ERROR "output does not match '${re}'\n--- output:\n${all}")
  endif()
endforeach()
message(STATUS "ok: exit ${rc}, one message: ${errors}")
