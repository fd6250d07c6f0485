package dl2.learning.rl;

import dl2.learning.nn.Adam;
import dl2.learning.nn.Mlp;
import dl2.learning.nn.ParamSet;
import java.util.List;

/**
 * The learner's networks and optimisers: averages the agents' gradients (in agent order) and steps
 * Adam.
 */
record Learner(Mlp policy, Adam policyAdam, Mlp value, Adam valueAdam, boolean critic) {
  void apply(List<UpdateResult> results) {
    step(policy, policyAdam, results.stream().map(UpdateResult::policyGradient).toList());
    if (critic) {
      step(value, valueAdam, results.stream().map(UpdateResult::valueGradient).toList());
    }
  }

  private static void step(Mlp network, Adam adam, List<ParamSet> gradients) {
    network.loadGradients(gradients.size() == 1 ? gradients.get(0) : ParamSet.average(gradients));
    adam.step();
  }
}
