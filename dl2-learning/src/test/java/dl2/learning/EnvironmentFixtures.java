package dl2.learning;

import dl2.learning.policy.Policy;
import dl2.learning.state.Observer;
import dl2.learning.state.StateEncoding;
import dl2.model.ClusterSpec;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import java.util.List;
import java.util.function.Consumer;

/** Tiny clusters and traces for the learning-layer tests. */
public final class EnvironmentFixtures {
  /**
   * Always the first allowed non-stop action (every worker it may add, then every PS), or stop when
   * none.
   */
  public static final Policy FIRST_ALLOWED =
      observation -> {
        double[] q = new double[observation.mask().length];
        for (int a = 0; a < q.length; a++) {
          if (observation.mask()[a]) {
            q[a] = 1;
            return q;
          }
        }
        return q;
      };

  private EnvironmentFixtures() {}

  /** A scheduler called {@code name} that plays every slot with {@code moves}. */
  public static Scheduler scheduler(String name, Consumer<SlotContext> moves) {
    return new Scheduler() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public void schedule(SlotContext slot) {
        moves.accept(slot);
      }
    };
  }

  public static Simulator simulator(int nodes, int cap, JobSpec... jobs) {
    SimulationConfig config = new SimulationConfig(ClusterSpec.ofNodes(nodes), cap, 1200, 0, 1000);
    return new Simulator(config, new Trace("tiny", List.of(jobs)), FittedOptimusSpeed.INSTANCE, 1);
  }

  /** As {@link #simulator(int, int, JobSpec...)} on {@code cluster}, e.g. of several GPU types. */
  public static Simulator simulator(ClusterSpec cluster, int cap, JobSpec... jobs) {
    SimulationConfig config = new SimulationConfig(cluster, cap, 1200, 0, 1000);
    return new Simulator(config, new Trace("tiny", List.of(jobs)), FittedOptimusSpeed.INSTANCE, 1);
  }

  public static JobSpec job(int id, JobType type, int arrival, double epochs) {
    return JobSpec.exact(id, type, arrival, epochs);
  }

  public static Observer observer(int window, int cap) {
    return new Observer(StateEncoding.ORIGINAL.create(window, cap, 30000, false), cap);
  }
}
