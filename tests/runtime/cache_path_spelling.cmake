# One source compiled under two spellings of its path, one compile cache: each
# report names the file as that run spelled it (the cache used to hand the
# second run the first run's debug info).
set(cache ${WORK}/cache)
file(REMOVE_RECURSE ${cache})
get_filename_component(dir ${SOURCE} DIRECTORY)
get_filename_component(name ${SOURCE} NAME)
foreach(spelling ${name} ${SOURCE})
  execute_process(COMMAND ${WARPSIM} run --cache-dir ${cache} ${spelling}
                  WORKING_DIRECTORY ${dir} OUTPUT_VARIABLE out ERROR_VARIABLE err
                  RESULT_VARIABLE rc)
  string(FIND "${out}" "launch at ${spelling}:15:5" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "run of '${spelling}' (exit ${rc}) does not report 'launch at ${spelling}:15:5':\n${out}${err}")
  endif()
endforeach()
