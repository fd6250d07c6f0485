/** DL2's learning layer: policy network, environment, supervised warm-up, reinforcement learning. */
package dl2.learning;
