# Runs `warpsim run SOURCE --profile --json OUT` and checks the JSON file.
#   -DWARPSIM=... -DSOURCE=... -DOUT=... -DOPTIONS="a;b" -DEXPECT="re1;re2"
cmake_minimum_required(VERSION 3.25)
file(REMOVE "${OUT}")
execute_process(COMMAND ${WARPSIM} run ${SOURCE} --profile --json ${OUT} ${OPTIONS}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "exit status ${rc}\n${out}${err}")
endif()
file(READ "${OUT}" json)
foreach(re IN LISTS EXPECT)
  if(NOT json MATCHES "${re}")
    message(FATAL_ERROR "the JSON report does not match '${re}'\n--- ${OUT}:\n${json}")
  endif()
endforeach()
message(STATUS "ok")
