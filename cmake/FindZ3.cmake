# Finds the Z3 SMT solver's C/C++ API. Debian's libz3-dev ships a pkg-config file but no CMake
# package, so this looks it up through pkg-config and falls back to a plain header/library
# search.
#
# Defines the imported target Z3::Z3 and the variables Z3_FOUND, Z3_VERSION, Z3_INCLUDE_DIR
# and Z3_LIBRARY.
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_Z3 QUIET z3)
endif()

find_path(Z3_INCLUDE_DIR NAMES z3.h HINTS ${PC_Z3_INCLUDE_DIRS} PATH_SUFFIXES z3)
find_library(Z3_LIBRARY NAMES z3 libz3 HINTS ${PC_Z3_LIBRARY_DIRS})

if(PC_Z3_VERSION)
  set(Z3_VERSION "${PC_Z3_VERSION}")
elseif(Z3_INCLUDE_DIR AND EXISTS "${Z3_INCLUDE_DIR}/z3_version.h")
  file(STRINGS "${Z3_INCLUDE_DIR}/z3_version.h" z3_version_lines
       REGEX "#define Z3_(MAJOR|MINOR|BUILD)_(VERSION|NUMBER)")
  foreach(part MAJOR_VERSION MINOR_VERSION BUILD_NUMBER)
    string(REGEX REPLACE ".*#define Z3_${part} +([0-9]+).*" "\\1" z3_${part} "${z3_version_lines}")
  endforeach()
  set(Z3_VERSION "${z3_MAJOR_VERSION}.${z3_MINOR_VERSION}.${z3_BUILD_NUMBER}")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Z3
  REQUIRED_VARS Z3_LIBRARY Z3_INCLUDE_DIR
  VERSION_VAR Z3_VERSION)

if(Z3_FOUND AND NOT TARGET Z3::Z3)
  add_library(Z3::Z3 UNKNOWN IMPORTED)
  set_target_properties(Z3::Z3 PROPERTIES
    IMPORTED_LOCATION "${Z3_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${Z3_INCLUDE_DIR}")
endif()

mark_as_advanced(Z3_INCLUDE_DIR Z3_LIBRARY)
