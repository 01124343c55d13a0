# Install layout and packages (cpack). The version is project(VERSION), nothing else.
#   Windows: a folder to unzip anywhere: xengine-sandbox.exe (static libstdc++/libgcc/
#     winpthread), lessons/, fonts/ (WenQuanYi Micro Hei and its licence), docs/,
#     licenses/, README-windows.txt. cpack makes xengine-sandbox-<version>-win64.zip.
#   Linux: bin/xengine-sandbox, share/xengine-sandbox/{lessons,fonts}, share/doc/xengine-sandbox;
#     the font is a link to Debian's fonts-wqy-microhei. cpack -G DEB makes a .deb whose
#     dependencies are the Debian packages it uses.
# The binary finds its data relative to itself (sandbox/app/data_paths.h).
set(XE_CJK_FONT /usr/share/fonts/truetype/wqy/wqy-microhei.ttc CACHE FILEPATH
    "The CJK font shipped with (Windows) or linked from (Linux) the package")
set(XE_CJK_FONT_COPYRIGHT /usr/share/doc/fonts-wqy-microhei/copyright CACHE FILEPATH "The font's licence")
set(_docs README.md docs/ARCHITECTURE.md docs/PERFORMANCE.md docs/lesson-authoring.md docs/scripts.md
          docs/snapshot.md docs/lesson.schema.json docs/snapshot.schema.json docs/taking-it-further.md docs/trace.md
          docs/trace.schema.json docs/platforms.md)
list(TRANSFORM _docs PREPEND ${PROJECT_SOURCE_DIR}/)

if(WIN32)
  set(_bin .)
  set(_data .)
  set(_doc docs)
else()
  include(GNUInstallDirs)
  set(_bin ${CMAKE_INSTALL_BINDIR})
  set(_data ${CMAKE_INSTALL_DATADIR}/xengine-sandbox)
  set(_doc ${CMAKE_INSTALL_DATADIR}/doc/xengine-sandbox)
endif()

install(TARGETS xengine-sandbox xengine-grade RUNTIME DESTINATION ${_bin})
# The exercises' skeletons, headers and the wiki's versions; their graders are built into
# xengine-grade, and the reference solutions stay in the source tree.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/lessons/ DESTINATION ${_data}/lessons
        PATTERN grader.cpp EXCLUDE PATTERN solution.cpp EXCLUDE)
install(FILES ${_docs} DESTINATION ${_doc})

if(WIN32)
  if(EXISTS ${XE_CJK_FONT})
    # Beside the exe in the build tree too, so a build runs like the unpacked ZIP.
    file(COPY ${XE_CJK_FONT} DESTINATION ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/fonts)
    install(FILES ${XE_CJK_FONT} DESTINATION fonts)
    install(FILES ${XE_CJK_FONT_COPYRIGHT} DESTINATION fonts RENAME wqy-microhei-copyright.txt)
    install(FILES /usr/share/common-licenses/Apache-2.0 DESTINATION fonts RENAME Apache-2.0.txt OPTIONAL)
  else()
    message(WARNING "No CJK font at ${XE_CJK_FONT}: the package will rely on the system's (Microsoft YaHei)")
  endif()
  install(FILES ${PROJECT_SOURCE_DIR}/packaging/README-windows.txt DESTINATION .)
  # Licences of what is compiled into the exe.
  if(XE_IMGUI_SOURCE_DIR AND EXISTS ${XE_IMGUI_SOURCE_DIR}/LICENSE.txt)
    install(FILES ${XE_IMGUI_SOURCE_DIR}/LICENSE.txt DESTINATION licenses RENAME imgui.txt)
  endif()
  foreach(pkg libspdlog-dev libfmt-dev nlohmann-json3-dev libstb-dev libcli11-dev libutfcpp-dev mingw-w64-common gcc-mingw-w64-x86-64-posix-runtime)
    if(EXISTS /usr/share/doc/${pkg}/copyright)
      install(FILES /usr/share/doc/${pkg}/copyright DESTINATION licenses RENAME ${pkg}.txt)
    endif()
  endforeach()
  set(CPACK_GENERATOR ZIP)
  set(CPACK_PACKAGE_FILE_NAME xengine-sandbox-${PROJECT_VERSION}-win64)
else()
  # A link, as Debian packages do for fonts: the font itself comes from fonts-wqy-microhei.
  set(_link ${CMAKE_BINARY_DIR}/package-links/wqy-microhei.ttc)
  if(NOT IS_SYMLINK ${_link})
    file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/package-links)
    file(CREATE_LINK ${XE_CJK_FONT} ${_link} SYMBOLIC)
  endif()
  install(FILES ${_link} DESTINATION ${_data}/fonts)
  set(CPACK_GENERATOR DEB)
  set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # dpkg-shlibdeps: vkd3d, Vulkan, SDL2, ImGui, libstdc++...
  # Not linked, but needed: the CJK font, a Vulkan driver for vkd3d (lavapipe is in Mesa's).
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-wqy-microhei, mesa-vulkan-drivers | vulkan-icd")
  set(CPACK_DEBIAN_PACKAGE_SECTION devel)
  set(CPACK_DEBIAN_PACKAGE_MAINTAINER "XEngine Sandbox team")
endif()

set(CPACK_PACKAGE_NAME xengine-sandbox)
set(CPACK_PACKAGE_VENDOR "XEngine Sandbox")
set(CPACK_PACKAGE_CONTACT "XEngine Sandbox team")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Learn Direct3D 12 engine internals by watching a real engine work")
set(CPACK_PACKAGE_DESCRIPTION "A real D3D12 engine core with a live inspector (descriptor-heap free \
stacks, deferred-release queues, fences, swap-chain surfaces) and bilingual (zh/en) lessons. On \
Linux it runs through vkd3d (D3D12 over Vulkan) on any Vulkan driver, Mesa's lavapipe included.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_INSTALL_DIRECTORY xengine-sandbox-${PROJECT_VERSION})
set(CPACK_STRIP_FILES ON)
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_BINARY_DIR}/packages)
include(CPack)
