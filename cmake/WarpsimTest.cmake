# warpsim_add_test(): a CTest that runs a CUDA program under warpsim and fails
# on a finding it does not expect. Shipped with the installed package
# (lib/cmake/warpsim/, loaded by find_package(warpsim CONFIG)); reference in
# docs/integration.md.
#
# warpsim_add_test(NAME <name> SOURCE <file.cu>
#                  [MODE check|run]            default check
#                  [CHECK <checker>...]        --check race,barrier,... (a list or commas)
#                  [WARP_SIZE 32|64]           --warp-size
#                  [EXPECT_FINDINGS <kind>...] finding kinds that must appear; any other fails
#                  [ARGS <program args>...]    after --
#                  [OPTIONS <warpsim options>...]
#                  [WORKING_DIRECTORY <dir>])  default: the current binary directory
#
# The test runs `warpsim <MODE> <file.cu> --json <name>.warpsim.json ...` and
# WarpsimTestCheck.cmake (cmake -P) judges the report with string(JSON).
include_guard(GLOBAL)

set(_WARPSIM_TEST_CHECK_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/WarpsimTestCheck.cmake")
set(WARPSIM_TEST_CACHE_DIR "${CMAKE_BINARY_DIR}/warpsim-cache"
    CACHE PATH "warpsim compile cache used by warpsim_add_test() tests")

# `set(<var> "")` and `list(APPEND <var> [==[a]==] [==[b]==])`: a list that
# survives any character but "]==]"; an empty one is still defined.
function(_warpsim_list_literal out var)
  set(text "set(${var} \"\")\n")
  list(LENGTH ARGN n)
  if(n GREATER 0)
    string(APPEND text "list(APPEND ${var}")
    foreach(item IN LISTS ARGN)
      string(APPEND text " [==[${item}]==]")
    endforeach()
    string(APPEND text ")\n")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(warpsim_add_test)
  cmake_parse_arguments(PARSE_ARGV 0 W "" "NAME;SOURCE;MODE;WARP_SIZE;WORKING_DIRECTORY"
                        "CHECK;EXPECT_FINDINGS;ARGS;OPTIONS")
  set(where "warpsim_add_test(${W_NAME})")
  if(W_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${where}: unknown arguments: ${W_UNPARSED_ARGUMENTS}")
  endif()
  if(W_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "${where}: no value after ${W_KEYWORDS_MISSING_VALUES}")
  endif()
  foreach(required NAME SOURCE)
    if(NOT W_${required})
      message(FATAL_ERROR "${where}: ${required} is required")
    endif()
  endforeach()
  if(NOT W_MODE)
    set(W_MODE check)
  elseif(NOT W_MODE MATCHES "^(check|run)$")
    message(FATAL_ERROR "${where}: MODE must be check or run, not '${W_MODE}'")
  endif()
  if(DEFINED W_WARP_SIZE AND NOT W_WARP_SIZE MATCHES "^(32|64)$")
    message(FATAL_ERROR "${where}: WARP_SIZE must be 32 or 64, not '${W_WARP_SIZE}'")
  endif()
  get_filename_component(source "${W_SOURCE}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${source}")
    message(FATAL_ERROR "${where}: SOURCE '${W_SOURCE}' does not exist (${source})")
  endif()
  foreach(option IN LISTS W_OPTIONS)
    if(option MATCHES "^--(json|error-exitcode)(=|$)")
      message(FATAL_ERROR "${where}: OPTIONS must not contain ${option}: the test sets it")
    endif()
  endforeach()
  if(NOT W_WORKING_DIRECTORY)
    set(W_WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  get_filename_component(W_WORKING_DIRECTORY "${W_WORKING_DIRECTORY}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")

  set(json "${CMAKE_CURRENT_BINARY_DIR}/${W_NAME}.warpsim.json")
  set(args ${W_MODE} "${source}" --json "${json}" --cache-dir "${WARPSIM_TEST_CACHE_DIR}")
  if(W_CHECK)
    list(JOIN W_CHECK "," checks)
    list(APPEND args --check "${checks}")
  endif()
  if(DEFINED W_WARP_SIZE)
    list(APPEND args --warp-size ${W_WARP_SIZE})
  endif()
  list(APPEND args ${W_OPTIONS} -- ${W_ARGS})

  # The test's settings go through a file: lists on add_test's command line
  # would be split at their semicolons.
  set(params "${CMAKE_CURRENT_BINARY_DIR}/warpsim_tests/${W_NAME}.cmake")
  _warpsim_list_literal(text WARPSIM_TEST_NAME "${W_NAME}")
  _warpsim_list_literal(line WARPSIM_TEST_MODE "${W_MODE}")
  string(APPEND text "${line}")
  _warpsim_list_literal(line WARPSIM_TEST_JSON "${json}")
  string(APPEND text "${line}")
  _warpsim_list_literal(line WARPSIM_TEST_ARGS ${args})
  string(APPEND text "${line}")
  _warpsim_list_literal(line WARPSIM_TEST_EXPECT ${W_EXPECT_FINDINGS})
  string(APPEND text "${line}")
  file(WRITE "${params}" "${text}")

  add_test(NAME ${W_NAME}
    COMMAND "${CMAKE_COMMAND}" "-DWARPSIM=$<TARGET_FILE:warpsim::warpsim>"
            "-DWARPSIM_TEST_PARAMS=${params}" -P "${_WARPSIM_TEST_CHECK_SCRIPT}"
    WORKING_DIRECTORY "${W_WORKING_DIRECTORY}")
endfunction()
