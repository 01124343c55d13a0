find_package(GTest REQUIRED)

# Any of these in a test's output fails it, whatever the test's own assertions say: vkd3d
# err:/fixme: lines (a missing shader signature shows up only as a fixme) and Vulkan
# validation messages.
set(XE_TEST_FAIL_REGEX "(^|[^a-z])(err|fixme):|VUID-|Validation Error|Validation Warning")

# xe_add_gtest(name SOURCES ... LIBS ... [GPU]): one GoogleTest binary in build/bin,
# its cases registered with CTest. GPU tests are labelled so they can run with the
# validation layer enabled and are serialised (lavapipe uses every core).
function(xe_add_gtest name)
  cmake_parse_arguments(arg "GPU" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${arg_SOURCES})
  target_link_libraries(${name} PRIVATE ${arg_LIBS} GTest::gtest GTest::gtest_main xe::warnings xe::asserts)
  set(labels unit)
  set(props FAIL_REGULAR_EXPRESSION "${XE_TEST_FAIL_REGEX}")
  if(arg_GPU)
    set(labels gpu)
    list(APPEND props RUN_SERIAL TRUE)
  endif()
  gtest_discover_tests(${name}
    DISCOVERY_MODE PRE_TEST
    PROPERTIES LABELS "${labels}" ${props})
endfunction()
