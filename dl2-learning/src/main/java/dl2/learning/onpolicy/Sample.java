package dl2.learning.onpolicy;

/**
 * One decision of a rollout: the state and mask it saw, the action drawn, and its probability then.
 */
record Sample(double[] state, boolean[] mask, int action, double probability) {}
