package dl2.learning.onpolicy;

import java.util.List;

/**
 * The input-dependent baseline of Mao et al. (ICLR'19), as Decima uses it: the K rollouts of one
 * iteration replay the same arrivals, so the mean over them of the return-to-go at slot t is a
 * baseline that knows what the arrivals will bring, and no learned critic has to guess it. Returns
 * are undiscounted (the rewards already sum to minus the total time in the system); a rollout that
 * ended before slot t has return 0 there (nothing left in the system).
 */
final class InputDrivenBaseline {
  private InputDrivenBaseline() {}

  /**
   * The advantage of every slot of every rollout: its return-to-go less the rollouts' mean at that
   * slot.
   */
  static double[][] advantages(List<Trajectory> trajectories) {
    int longest = trajectories.stream().mapToInt(r -> r.rewards().length).max().orElse(0);
    double[][] returns = new double[trajectories.size()][];
    double[] mean = new double[longest];
    for (int k = 0; k < trajectories.size(); k++) {
      double[] rewards = trajectories.get(k).rewards();
      returns[k] = new double[rewards.length];
      double toGo = 0;
      for (int t = rewards.length - 1; t >= 0; t--) {
        toGo += rewards[t];
        returns[k][t] = toGo;
        mean[t] += toGo / trajectories.size();
      }
    }
    for (int k = 0; k < trajectories.size(); k++) {
      for (int t = 0; t < returns[k].length; t++) {
        returns[k][t] -= mean[t];
      }
    }
    return returns;
  }
}
