# Precompiled headers, for tools/run.sh's build (the run preset): a fresh machine's first
# build then parses spdlog, fmt, nlohmann/json, vkd3d's headers and the standard library once
# per target instead of once per file. Off in the other builds: there ccache already skips
# unchanged files, and a file that forgets an include would compile only thanks to the
# precompiled one.
option(XE_PRECOMPILE_HEADERS "Precompile the headers most files of a target include (tools/run.sh's build)" OFF)

# xe_precompile_headers(TARGET HEADER...): HEADER as target_precompile_headers takes it.
function(xe_precompile_headers target)
  if(XE_PRECOMPILE_HEADERS)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()
