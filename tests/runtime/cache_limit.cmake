# The compile cache's size limit (WARPSIM_CACHE_MAX_MB): past it, entries not
# used for an hour are evicted oldest first; recent ones never are.
set(cache ${WORK}/cache)
file(REMOVE_RECURSE ${cache})
function(build src limit)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env WARPSIM_CACHE_MAX_MB=${limit}
                          ${WARPSIM} build --cache-dir ${cache} ${src}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "build of ${src} (limit ${limit}) exited ${rc}:\n${out}${err}")
  endif()
endfunction()
function(entries var)
  file(GLOB list LIST_DIRECTORIES true ${cache}/*)
  list(FILTER list INCLUDE REGEX "/[0-9a-f]+$") # entries, not toolchain.stamps
  list(LENGTH list n)
  set(${var} ${n} PARENT_SCOPE)
endfunction()
function(age_all)
  file(GLOB list LIST_DIRECTORIES true ${cache}/*)
  execute_process(COMMAND touch -d "2 hours ago" ${list} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "touch failed")
  endif()
endfunction()

# Two recent entries over a 1 MiB limit: both kept (another run may use them).
build(${A} 1)
build(${B} 1)
entries(n)
if(NOT n EQUAL 2)
  message(FATAL_ERROR "recent entries were evicted: ${n} left, expected 2")
endif()
# Eviction off (0): old entries stay.
age_all()
build(${C} 0)
entries(n)
if(NOT n EQUAL 3)
  message(FATAL_ERROR "WARPSIM_CACHE_MAX_MB=0 evicted: ${n} entries, expected 3")
endif()
# Old entries over the limit go, the one just built stays.
age_all()
build(${D} 1)
entries(n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "aged entries over the limit were kept: ${n} entries, expected 1")
endif()
# A cache hit counts as a use: D, aged and then hit, survives the next trim.
age_all()
build(${D} 0)
build(${A} 1)
entries(n)
if(NOT n EQUAL 2)
  message(FATAL_ERROR "an entry used by a cache hit was evicted: ${n} entries, expected 2")
endif()
# A bad limit is bad usage.
execute_process(COMMAND ${CMAKE_COMMAND} -E env WARPSIM_CACHE_MAX_MB=lots
                        ${WARPSIM} build --cache-dir ${cache} ${A}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT "${out}${err}" MATCHES "WARPSIM_CACHE_MAX_MB='lots' is not a size")
  message(FATAL_ERROR "bad WARPSIM_CACHE_MAX_MB: exit ${rc}:\n${out}${err}")
endif()
