# xe::warnings: the project's warning set; every xe target links it PRIVATE.
add_library(xe_warnings INTERFACE)
add_library(xe::warnings ALIAS xe_warnings)

if(MSVC)
  target_compile_options(xe_warnings INTERFACE /W4 /permissive- $<$<BOOL:${XE_WARNINGS_AS_ERRORS}>:/WX>)
else()
  target_compile_options(xe_warnings INTERFACE
    -Wall -Wextra -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
    -Woverloaded-virtual -Wimplicit-fallthrough
    $<$<BOOL:${XE_WARNINGS_AS_ERRORS}>:-Werror>)
endif()

# Asserts stay on in Debug and RelWithDebInfo (STYLE.md, principle 4).
add_library(xe_asserts INTERFACE)
add_library(xe::asserts ALIAS xe_asserts)
target_compile_definitions(xe_asserts INTERFACE $<$<CONFIG:Debug,RelWithDebInfo>:XE_ENABLE_ASSERTS=1>)
