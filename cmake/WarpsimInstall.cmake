# `cmake --install build --prefix P`: a self-contained warpsim under P
# (docs/integration.md). warpsim finds the runtime libraries and device
# headers relative to P/bin (sim/driver/RuntimePaths.cpp); clang++-19, its
# resource directory and Boost.Context come from the system.
#   P/bin/warpsim
#   P/bin/warpsim-nvcc    a link to warpsim: nvcc's command line (docs/cli.md)
#   P/bin/warpsim-hipcc   a link to warpsim: hipcc's command line (docs/hip.md)
#   P/lib/warpsim/        the runtime archives every simulated program links
#   P/share/warpsim/include/  the CUDA and warpsim device headers (sim/include)
#   P/share/warpsim/arch/     the architecture data (model/arch, built into warpsim)
#   P/lib/cmake/warpsim/  the CMake package: warpsim::warpsim, warpsim_add_test()
include(CMakePackageConfigHelpers)

install(TARGETS warpsim EXPORT warpsimTargets RUNTIME DESTINATION bin)
# The relative link made beside the built warpsim (sim/CMakeLists.txt) is
# installed as a link.
install(PROGRAMS "$<TARGET_FILE_DIR:warpsim>/warpsim-nvcc" DESTINATION bin)
install(PROGRAMS "$<TARGET_FILE_DIR:warpsim>/warpsim-hipcc" DESTINATION bin)
# warpsim-nvcc's toolkit directory (NvccCommand.cpp): linker scripts naming
# the installed runtime, written with the install prefix (absolute paths: a
# moved prefix must be installed again for CMake links through them).
install(CODE "
  set(_lib \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${WARPSIM_INSTALL_LIBDIR}\")
  set(_run \"\${CMAKE_INSTALL_PREFIX}/${WARPSIM_INSTALL_LIBDIR}\")
  foreach(_l ${WARPSIM_TOOLKIT_LIBS})
    file(WRITE \"\${_lib}/cuda/lib64/lib\${_l}.a\" \"EXTERN(warpsim_link_checkers warpsim_link_profiler)\\nINPUT(\${_run}/$<TARGET_FILE_NAME:warpsim_checks> \${_run}/$<TARGET_FILE_NAME:warpsim_rt> \${_run}/$<TARGET_FILE_NAME:warpsim_sim_core> \${_run}/$<TARGET_FILE_NAME:warpsim_model> \${_run}/$<TARGET_FILE_NAME:warpsim_cuda_errors> $<TARGET_FILE:Boost::context> AS_NEEDED(${WARPSIM_OPENBLAS_LIB}) -lpthread)\\n\")
  endforeach()
  file(CREATE_LINK \"../../../${WARPSIM_INSTALL_INCLUDEDIR}\" \"\${_lib}/cuda/include\" SYMBOLIC)")
install(TARGETS warpsim_rt warpsim_checks warpsim_sim_core warpsim_model warpsim_cuda_errors
        ARCHIVE DESTINATION ${WARPSIM_INSTALL_LIBDIR})
install(DIRECTORY "${CMAKE_SOURCE_DIR}/sim/include/" DESTINATION ${WARPSIM_INSTALL_INCLUDEDIR})
install(DIRECTORY "${CMAKE_SOURCE_DIR}/model/arch/" DESTINATION ${WARPSIM_INSTALL_DATADIR}/arch
        FILES_MATCHING PATTERN "*.arch")

install(EXPORT warpsimTargets NAMESPACE warpsim:: DESTINATION ${WARPSIM_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/warpsimConfig.cmake.in
  "${CMAKE_BINARY_DIR}/package/warpsimConfig.cmake"
  INSTALL_DESTINATION ${WARPSIM_INSTALL_CMAKEDIR})
# 0.x: a minor version may change warpsim_add_test() or the report.
write_basic_package_version_file("${CMAKE_BINARY_DIR}/package/warpsimConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/package/warpsimConfig.cmake"
              "${CMAKE_BINARY_DIR}/package/warpsimConfigVersion.cmake"
              cmake/WarpsimTest.cmake cmake/WarpsimTestCheck.cmake
        DESTINATION ${WARPSIM_INSTALL_CMAKEDIR})

include(cmake/WarpsimPackage.cmake)
