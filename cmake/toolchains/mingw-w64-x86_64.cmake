# Cross-compiles for 64-bit Windows with Debian's mingw-w64 (g++-mingw-w64-x86-64),
# posix threads variant (std::thread, std::mutex). Used by the windows-mingw preset.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(XE_MINGW_PREFIX x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${XE_MINGW_PREFIX}-gcc-posix)
set(CMAKE_CXX_COMPILER ${XE_MINGW_PREFIX}-g++-posix)
set(CMAKE_RC_COMPILER ${XE_MINGW_PREFIX}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${XE_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# A self-contained .exe: no libstdc++/libgcc/winpthread DLLs to ship next to it.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
