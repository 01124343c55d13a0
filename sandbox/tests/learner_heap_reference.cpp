// The 07-deferred-free reference solution, linked into learner_heap_test as if loaded.
#include "../../lessons/exercises/07-deferred-free/solution.cpp"
