# Runs `warpsim ARGS` (ARGS: a ;-list) under TSan's hooks at -O0 and under the
# value-carrying instrumentation at LEVEL, and requires byte-identical output
# and exit status: the reconvergence rule orders a warp's events by their
# static sites, so the optimiser's code layout must not change how warps
# group their lanes (docs/architecture.md, "Reconvergence rule").
#   -DWARPSIM=... -DARGS="run;prog.cu;--profile" -DLEVEL=1|2
cmake_minimum_required(VERSION 3.25)
foreach(mode tsan values)
  if(mode STREQUAL tsan)
    set(ENV{WARPSIM_INSTRUMENTATION} tsan)
    set(ENV{WARPSIM_OPT_LEVEL} 0)
  else()
    set(ENV{WARPSIM_INSTRUMENTATION} values)
    set(ENV{WARPSIM_OPT_LEVEL} ${LEVEL})
  endif()
  execute_process(COMMAND ${WARPSIM} ${ARGS} RESULT_VARIABLE rc_${mode}
                  OUTPUT_VARIABLE out_${mode} ERROR_VARIABLE err_${mode})
endforeach()
if(NOT "${out_tsan}${err_tsan}" STREQUAL "${out_values}${err_values}" OR
   NOT "${rc_tsan}" STREQUAL "${rc_values}")
  message(FATAL_ERROR "values -O${LEVEL} differs from tsan -O0:\n--- tsan -O0 (exit ${rc_tsan}):\n"
                      "${out_tsan}${err_tsan}\n--- values -O${LEVEL} (exit ${rc_values}):\n"
                      "${out_values}${err_values}")
endif()
message(STATUS "ok: identical under tsan -O0 and values -O${LEVEL} (exit ${rc_tsan})")
