// The 06-frame-ring reference solution, linked into learner_ring_test as if loaded.
#include "../../lessons/exercises/06-frame-ring/solution.cpp"
