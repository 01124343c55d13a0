// The 12-deferred-release reference solution, linked into learner_release_test as if loaded.
#include "../../lessons/exercises/12-deferred-release/solution.cpp"
