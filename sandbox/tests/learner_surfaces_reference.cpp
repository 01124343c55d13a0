// The 09-free-list reference solution, linked into learner_surfaces_test as if loaded.
#include "../../lessons/exercises/09-free-list/solution.cpp"
