# Runs `warpsim lint SOURCE [OPTIONS]` and checks the exit status, the
# warning count and the located warnings.
#   -DWARPSIM=... -DSOURCE=... -DOPTIONS="a;b" -DEXPECT_EXIT=N -DCOUNT=N
#   -DEXPECT="regex1;regex2"
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${WARPSIM} lint ${SOURCE} ${OPTIONS}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
if(NOT "${rc}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "exit status ${rc}, expected ${EXPECT_EXIT}\n--- output:\n${all}")
endif()
if(NOT "${COUNT}" STREQUAL "")
  if(COUNT EQUAL 1)
    set(word "warning")
  else()
    set(word "warnings")
  endif()
  if(NOT all MATCHES "warpsim lint: ${COUNT} ${word} in ")
    message(FATAL_ERROR "expected ${COUNT} ${word}\n--- output:\n${all}")
  endif()
endif()
foreach(re IN LISTS EXPECT)
  if(NOT all MATCHES "${re}")
    message(FATAL_ERROR "output does not match '${re}'\n--- output:\n${all}")
  endif()
endforeach()
message(STATUS "ok: exit ${rc}")
