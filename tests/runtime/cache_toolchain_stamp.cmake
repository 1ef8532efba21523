# The compile cache's toolchain stamp (sim/driver/ToolchainKey.h): a cache hit
# takes the hash of the runtime libraries, the executable and the headers from
# a stamp named by their identities instead of reading them; a header touched
# or changed in place is hashed again, and a changed one changes the key.
# Runs a private copy of the install layout, whose header it may change.
set(inst ${WORK}/inst)
set(cache ${WORK}/cache)
set(stamps ${cache}/toolchain.stamps)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${inst}/bin ${inst}/lib/warpsim ${inst}/share/warpsim)
file(COPY ${WARPSIM} DESTINATION ${inst}/bin)
file(COPY ${RT} ${CHECKS} ${CORE} ${MODEL} ${ERRORS} ${VALUES} DESTINATION ${inst}/lib/warpsim)
file(COPY ${INCLUDE}/ DESTINATION ${inst}/share/warpsim/include)
file(COPY ${ARCH}/ DESTINATION ${inst}/share/warpsim/arch)
set(header ${inst}/share/warpsim/include/cuda_runtime.h)

function(build)
  execute_process(COMMAND ${inst}/bin/warpsim build --cache-dir ${cache} ${SOURCE}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "build of ${SOURCE} exited ${rc}:\n${out}${err}")
  endif()
endfunction()
function(expect_counts what entries_want stamps_want)
  file(GLOB list LIST_DIRECTORIES true ${cache}/*)
  list(FILTER list INCLUDE REGEX "/[0-9a-f]+$")
  list(LENGTH list entries)
  file(GLOB slist ${stamps}/*)
  list(LENGTH slist nstamps)
  if(NOT entries EQUAL entries_want OR NOT nstamps EQUAL stamps_want)
    message(FATAL_ERROR "${what}: ${entries} cache entries and ${nstamps} stamps, expected "
                        "${entries_want} and ${stamps_want}")
  endif()
endfunction()
# Files changed in the last 2 s are not stamped (coarse file-system clocks).
function(settle)
  execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 2.5)
endfunction()

settle()
build()
expect_counts("first build" 1 1)
build()
expect_counts("second build (a hit)" 1 1)

# The stamp, not the files, gives the key on a hit: a forged stamp misses.
file(GLOB stamp ${stamps}/*)
file(READ ${stamp} real_key)
file(WRITE ${stamp} "0000000000000000\n")
build()
expect_counts("forged stamp" 2 1)
file(WRITE ${stamp} "${real_key}")
file(REMOVE_RECURSE ${cache})

# Touched, same bytes: a new stamp, the same key (the entry is hit).
build()
expect_counts("rebuilt" 1 1)
execute_process(COMMAND touch ${header})
settle()
build()
expect_counts("touched header" 1 2)

# Changed bytes: a new key. Built at once after the change, so not stamped.
file(APPEND ${header} "// changed\n")
build()
expect_counts("changed header" 2 2)
settle()
build()
expect_counts("changed header, settled" 2 3)
