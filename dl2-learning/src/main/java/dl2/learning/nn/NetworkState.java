package dl2.learning.nn;

/** One named network with its optimiser, as held in a checkpoint (e.g. "policy", "value"). */
public record NetworkState(String name, Mlp network, Adam optimizer) {}
