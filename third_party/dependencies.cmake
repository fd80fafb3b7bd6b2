# Finds every external dependency. All of them are Debian packages installed by tools/setup.sh;
# nothing is downloaded at build time. See third_party/DEPENDENCIES.md for why each is here.

find_package(nlohmann_json 3.10 REQUIRED)
find_package(GTest REQUIRED)
if(VEDETTE_BENCH)
  find_package(benchmark REQUIRED)
endif()

if(NOT VEDETTE_SIM_ONLY)
  find_package(Vulkan REQUIRED)
  find_package(glfw3 3.3 REQUIRED)
  find_package(glm REQUIRED)
  find_package(TinyGLTF REQUIRED)
  find_package(PkgConfig REQUIRED)

  # Debian's libimgui-dev ships only a pkg-config file and a static libimgui.a that already
  # contains the GLFW and Vulkan backends; wrap it in an imported target.
  pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
  if(NOT TARGET vedette::imgui)
    add_library(vedette::imgui INTERFACE IMPORTED)
    target_link_libraries(vedette::imgui INTERFACE PkgConfig::IMGUI glfw Vulkan::Vulkan)
    target_include_directories(vedette::imgui SYSTEM INTERFACE /usr/include/imgui
                               /usr/include/imgui/backends /usr/include/stb)
  endif()

  find_program(GLSLC glslc REQUIRED)
endif()
