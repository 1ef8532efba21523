# A finding's file:line:column comes from the static site of the
# value-carrying instrumentation, not from the program's debug information:
# `warpsim check SOURCE` prints the same report when the program is linked
# without debug info (WARPSIM_STRIP_DEBUG_INFO=1), and names every line
# marked `// @MARK` in SOURCE as SOURCE:LINE:COLUMN. The twin: under TSan's
# hooks (no static sites) the stripped program's report cannot place them,
# and prints addresses instead.
#   -DWARPSIM=... -DSOURCE=... -DCACHE=...
cmake_minimum_required(VERSION 3.25)
get_filename_component(base "${SOURCE}" NAME)
file(STRINGS "${SOURCE}" lines)
set(n 0)
set(marked "")
foreach(l IN LISTS lines)
  math(EXPR n "${n} + 1")
  if(l MATCHES "// @([A-Za-z0-9_]+)[ ]*$")
    list(APPEND marked ${n})
  endif()
endforeach()
if(marked STREQUAL "")
  message(FATAL_ERROR "${base}: no line marked // @MARK")
endif()

function(run mode strip out_var rc_var)
  set(ENV{WARPSIM_INSTRUMENTATION} ${mode})
  set(ENV{WARPSIM_STRIP_DEBUG_INFO} ${strip})
  unset(ENV{WARPSIM_OPT_LEVEL})
  execute_process(COMMAND ${WARPSIM} check ${SOURCE} --cache-dir ${CACHE}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${out_var} "${out}${err}" PARENT_SCOPE)
  set(${rc_var} "${rc}" PARENT_SCOPE)
endfunction()

run(values 0 with_debug rc_with)
run(values 1 stripped rc_stripped)
run(tsan 1 tsan_stripped rc_tsan)

if(NOT rc_with STREQUAL "3")
  message(FATAL_ERROR "${base}: exit ${rc_with}, expected 3 (a finding)\n${with_debug}")
endif()
if(NOT "${with_debug}" STREQUAL "${stripped}" OR NOT rc_with STREQUAL rc_stripped)
  message(FATAL_ERROR "${base}: the report changed without debug info:\n--- with (exit "
                      "${rc_with}):\n${with_debug}\n--- without (exit ${rc_stripped}):\n${stripped}")
endif()
foreach(line IN LISTS marked)
  if(NOT stripped MATCHES " at [^ \n]*${base}:${line}:[0-9]+\n")
    message(FATAL_ERROR "${base}: line ${line} (marked) is not named without debug info:\n"
                        "${stripped}")
  endif()
  if(tsan_stripped MATCHES "${base}:${line}:")
    message(FATAL_ERROR "${base}: TSan's hooks placed line ${line} without debug info: the "
                        "test cannot tell static sites from DWARF\n${tsan_stripped}")
  endif()
endforeach()
if(NOT rc_tsan STREQUAL "3" OR NOT tsan_stripped MATCHES " at 0x[0-9A-F]+\n")
  message(FATAL_ERROR "${base}: under tsan without debug info, expected the same finding at a "
                      "bare address (exit 3):\n${tsan_stripped}")
endif()
message(STATUS "${base}: lines ${marked} placed by static sites alone")
