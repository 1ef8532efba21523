# The body of every warpsim_add_test() test (cmake -P): runs warpsim with
# --json and judges its exit status and report (docs/integration.md).
#   -DWARPSIM=<warpsim executable> -DWARPSIM_TEST_PARAMS=<file written by warpsim_add_test>
# Fails, naming each reason, when warpsim rejected the command line (2), the
# program did not compile (4), wrote no report, reported a finding kind not in
# EXPECT_FINDINGS (with its file:line), did not report an expected kind, or
# ended with a non-zero status while no finding was expected.
cmake_minimum_required(VERSION 3.19)

include("${WARPSIM_TEST_PARAMS}")
set(tag "warpsim_add_test ${WARPSIM_TEST_NAME}")

# Each problem is one line as printed (FATAL_ERROR would wrap it); the last
# line of a failing test is a short FATAL_ERROR, which makes cmake exit 1.
set(problem_count 0)
function(_warpsim_problem text)
  message("${tag}: FAIL: ${text}")
  math(EXPR n "${problem_count} + 1")
  set(problem_count ${n} PARENT_SCOPE)
endfunction()
macro(_warpsim_fail)
  message("${tag}: report ${WARPSIM_TEST_JSON}")
  message(FATAL_ERROR "${tag}: ${problem_count} problem(s)")
endmacro()

file(REMOVE "${WARPSIM_TEST_JSON}")
execute_process(COMMAND "${WARPSIM}" ${WARPSIM_TEST_ARGS} RESULT_VARIABLE status)

if(status STREQUAL "2")
  _warpsim_problem("warpsim rejected the command line (exit status 2)")
elseif(status STREQUAL "4")
  _warpsim_problem("the program did not compile (exit status 4)")
elseif(NOT status MATCHES "^[0-9]+$")
  _warpsim_problem("warpsim did not exit normally: ${status}")
elseif(NOT EXISTS "${WARPSIM_TEST_JSON}")
  _warpsim_problem("warpsim wrote no report (exit status ${status})")
endif()
if(problem_count GREATER 0)
  _warpsim_fail()
endif()

file(READ "${WARPSIM_TEST_JSON}" report)
string(JSON kernel_count ERROR_VARIABLE error LENGTH "${report}" kernels)
if(error)
  _warpsim_problem("unreadable report: ${error}")
  _warpsim_fail()
endif()

# Every finding, in report order: a kind not expected is a problem.
set(seen "")
set(finding_count 0)
if(kernel_count GREATER 0)
  math(EXPR last_kernel "${kernel_count} - 1")
  foreach(k RANGE ${last_kernel})
    string(JSON kernel GET "${report}" kernels ${k} name)
    string(JSON count LENGTH "${report}" kernels ${k} findings)
    if(count EQUAL 0)
      continue()
    endif()
    math(EXPR last "${count} - 1")
    foreach(f RANGE ${last})
      math(EXPR finding_count "${finding_count} + 1")
      foreach(field kind severity file line message)
        string(JSON ${field} GET "${report}" kernels ${k} findings ${f} ${field})
      endforeach()
      list(APPEND seen "${kind}")
      if(NOT kind IN_LIST WARPSIM_TEST_EXPECT)
        set(at "${file}:${line}")
        if(file STREQUAL "")
          set(at "(no source location)")
        endif()
        _warpsim_problem("unexpected finding '${kind}' (${severity}) at ${at} in kernel '${kernel}': ${message}")
      endif()
    endforeach()
  endforeach()
endif()

foreach(kind IN LISTS WARPSIM_TEST_EXPECT)
  if(NOT kind IN_LIST seen)
    _warpsim_problem("expected finding '${kind}' was not reported")
  endif()
endforeach()

# With findings expected, a failing or ended program is their consequence
# (and `check` exits 3 on an error finding); without, it is a failure.
if(NOT status EQUAL 0 AND "${WARPSIM_TEST_EXPECT}" STREQUAL "")
  if(status EQUAL 5)
    _warpsim_problem("warpsim ended the run (exit status 5)")
  elseif(status EQUAL 3 AND WARPSIM_TEST_MODE STREQUAL "check" AND finding_count GREATER 0)
    _warpsim_problem("warpsim check found errors (exit status 3)")
  else()
    _warpsim_problem("the program exited with status ${status}")
  endif()
endif()

if(problem_count GREATER 0)
  _warpsim_fail()
endif()
list(REMOVE_DUPLICATES seen)
if(seen STREQUAL "")
  set(seen "none")
endif()
message(STATUS "${tag}: PASS: ${finding_count} findings (kinds: ${seen}), exit status ${status}")
