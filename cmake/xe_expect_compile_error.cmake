# cmake -DCOMPILER=... -DSOURCE=... -DCONTROL_FLAG=... -DEXPECT=regex -P xe_expect_compile_error.cmake
# Proves a claim that some code does not compile: SOURCE must fail to compile as strict ISO
# C++ (-pedantic-errors) with an error matching EXPECT, and compile cleanly once CONTROL_FLAG
# (a -D switch in the file) is given, so the failure comes from that code and not from a
# broken test file.
foreach(var COMPILER SOURCE CONTROL_FLAG EXPECT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is required")
  endif()
endforeach()
set(flags -std=c++20 -fsyntax-only -Wall -Wextra -pedantic-errors)
execute_process(COMMAND ${COMPILER} ${flags} ${CONTROL_FLAG} ${SOURCE}
                RESULT_VARIABLE control_result OUTPUT_VARIABLE control_out ERROR_VARIABLE control_out)
if(NOT control_result EQUAL 0)
  message(FATAL_ERROR "the control build (${CONTROL_FLAG}) must compile, and did not:\n${control_out}")
endif()
execute_process(COMMAND ${COMPILER} ${flags} ${SOURCE}
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(result EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but the claim is that it does not")
endif()
if(NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "${SOURCE} failed to compile, but not with an error matching '${EXPECT}':\n${out}")
endif()
message(STATUS "does not compile, as claimed: ${EXPECT}")
