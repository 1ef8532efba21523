# CPack: `cpack -G DEB` in the build directory makes warpsim_<version>_<arch>.deb
# of the install rules (cmake/WarpsimInstall.cmake) under /usr.
# Depends: the shared libraries of the warpsim executable (dpkg-shlibdeps:
# libLLVM, libclang-cpp, libstdc++, ...) and what every simulated program is
# compiled and linked with: the clang++ warpsim runs (its package pulls in the
# resource headers, libstdc++ headers and libc6-dev) and Boost.Context.
set(WARPSIM_PACKAGE_MAINTAINER "warpsim maintainers <warpsim@localhost>"
    CACHE STRING "Maintainer field of the .deb")

# The Debian package that owns a file ("" when dpkg does not know it).
function(_warpsim_debian_package_of out file)
  set(${out} "" PARENT_SCOPE)
  find_program(WARPSIM_DPKG dpkg)
  if(NOT WARPSIM_DPKG)
    return()
  endif()
  get_filename_component(real "${file}" REALPATH)
  execute_process(COMMAND ${WARPSIM_DPKG} -S "${real}" OUTPUT_VARIABLE owner
                  RESULT_VARIABLE rc ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(rc EQUAL 0 AND owner MATCHES "^([^:, ]+)")
    set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  endif()
endfunction()

get_target_property(_warpsim_boost_context Boost::context IMPORTED_LOCATION_RELEASE)
if(NOT _warpsim_boost_context)
  get_target_property(_warpsim_boost_context Boost::context IMPORTED_LOCATION)
endif()
set(_warpsim_depends "")
get_filename_component(_warpsim_openblas "${WARPSIM_OPENBLAS_LIB}" REALPATH)
foreach(file IN ITEMS "${WARPSIM_CLANGXX}" ${WARPSIM_LLD} "${_warpsim_boost_context}" "${_warpsim_openblas}")
  _warpsim_debian_package_of(pkg "${file}")
  if(pkg)
    list(APPEND _warpsim_depends "${pkg}")
  else()
    message(STATUS "warpsim: no Debian package owns ${file}; the .deb will not depend on it")
  endif()
endforeach()
list(JOIN _warpsim_depends ", " CPACK_DEBIAN_PACKAGE_DEPENDS)

set(CPACK_PACKAGE_NAME warpsim)
set(CPACK_PACKAGE_VENDOR warpsim)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "deterministic SIMT GPU simulator and race detector for CUDA C++")
set(CPACK_PACKAGE_DESCRIPTION
    "Runs unmodified CUDA programs on the CPU and checks them for data races, barrier misuse, memory errors and uninitialised reads; with a CMake package (find_package(warpsim), warpsim_add_test).")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${WARPSIM_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
include(CPack)
