# Runs `warpsim run SOURCE OPTIONS` and checks what a user would see.
#   -DWARPSIM=... -DSOURCE=... -DOPTIONS="a;b" -DEXPECT_EXIT=N
#   -DEXPECT="regex1;regex2" (each must match stdout+stderr)
#   -DREJECT="regex" (must not match)
#   -DTWICE=ON: run twice more (the given options, then with --schedule random
#   --seed 7 twice) and require byte-identical output between the two
#   identical runs.
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${WARPSIM} run ${SOURCE} ${OPTIONS}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
if(NOT "${rc}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "exit status ${rc}, expected ${EXPECT_EXIT}\n--- output:\n${all}")
endif()
foreach(re IN LISTS EXPECT)
  if(NOT all MATCHES "${re}")
    message(FATAL_ERROR "output does not match '${re}'\n--- output:\n${all}")
  endif()
endforeach()
foreach(re IN LISTS REJECT)
  if(all MATCHES "${re}")
    message(FATAL_ERROR "output matches the rejected '${re}'\n--- output:\n${all}")
  endif()
endforeach()
if(TWICE)
  foreach(i 1 2)
    execute_process(COMMAND ${WARPSIM} run ${SOURCE} ${OPTIONS}
      RESULT_VARIABLE rc${i} OUTPUT_VARIABLE out${i} ERROR_VARIABLE err${i})
  endforeach()
  if(NOT "${out1}${err1}" STREQUAL "${out2}${err2}" OR NOT "${rc1}" STREQUAL "${rc2}")
    message(FATAL_ERROR "two runs with the same options differ:\n--- 1:\n${out1}${err1}\n--- 2:\n${out2}${err2}")
  endif()
  if(NOT "${out1}${err1}" STREQUAL "${all}")
    message(FATAL_ERROR "a repeated run differs from the first:\n--- first:\n${all}\n--- again:\n${out1}${err1}")
  endif()
endif()
message(STATUS "ok: exit ${rc}")
