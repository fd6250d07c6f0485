package dl2.learning;

import dl2.learning.state.Observer;
import dl2.learning.state.StateEncoder;
import dl2.learning.state.StateEncoding;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.speed.FittedOptimusSpeed;
import java.util.List;

/** Tiny clusters and traces for the learning-layer tests. */
public final class EnvironmentFixtures {
  private EnvironmentFixtures() {}

  public static Simulator simulator(int nodes, int cap, JobSpec... jobs) {
    SimulationConfig config = new SimulationConfig(ClusterSpec.ofNodes(nodes), cap, 1200, 0, 1000);
    return new Simulator(config, new Trace("tiny", List.of(jobs)), FittedOptimusSpeed.INSTANCE, 1);
  }

  public static JobSpec job(int id, JobType type, int arrival, double epochs) {
    return JobSpec.exact(id, type, arrival, epochs);
  }

  public static Observer observer(int window, int cap) {
    return new Observer(new StateEncoder(StateEncoding.ORIGINAL, window, cap, 30000, false), cap);
  }
}
