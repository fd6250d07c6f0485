package dl2.bounds;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.simulation.SlotOutcome;
import dl2.slot.JobView;
import dl2.slot.SlotContext;
import dl2.speed.SpeedModel;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The least total JCT of a tiny trace on one node, by trying every schedule in the simulator itself
 * (the realistic world's speeds depend on which jobs share the node, which a linear program would
 * have to tabulate): depth first over slots, each slot every choice of (p, w ≤ 2) or nothing per
 * outstanding job that fits the node; on several nodes, every such choice with all of a job's tasks
 * on one node (the least over those schedules, no longer over every schedule), the simulator's
 * state saved and restored at each branch. A slot in which no outstanding job trains is left out
 * (it only delays them: a job's slot factors do not depend on the schedule), and a branch is cut
 * once the slots its waiting jobs have already spent reach the best total found.
 */
final class ExhaustiveOptimum {
  private final SimulationConfig config;
  private final Trace trace;
  private final SpeedModel speed;
  private final long seed;
  private double best;
  private List<Map<Integer, int[]>> bestPlan = List.of();
  private long schedules;

  /** Starts from {@code reachable}, the total of a schedule known to run. */
  ExhaustiveOptimum(
      SimulationConfig config, Trace trace, SpeedModel speed, long seed, double reachable) {
    this.config = config;
    this.trace = trace;
    this.speed = speed;
    this.seed = seed;
    this.best = reachable * (1 + 1e-12);
    search(null, 0, new ArrayList<>());
  }

  double total() {
    return best;
  }

  /** The best schedule found, per slot: job id to (p, w, node); empty if none beat the start. */
  List<Map<Integer, int[]>> plan() {
    return bestPlan;
  }

  /** Complete schedules tried. */
  long schedules() {
    return schedules;
  }

  private Simulator restore(byte[] state) {
    Simulator sim = new Simulator(config, trace, speed, seed);
    if (state != null) {
      sim.readState(new StateReader(new ByteArrayInputStream(state), "search"));
    }
    return sim;
  }

  /** Every choice for the next slot from {@code state}, with {@code spent} slots of JCT so far. */
  private void search(byte[] state, double spent, List<Map<Integer, int[]>> plan) {
    Simulator probe = restore(state);
    probe.beginSlot();
    List<JobView> jobs = probe.outstandingJobs();
    Resources node = new Resources(config.cluster().coresPerNode(), config.cluster().gpusPerNode());
    List<Map<Integer, int[]>> choices = new ArrayList<>();
    int nodes = config.cluster().nodes();
    choose(jobs, 0, new HashMap<>(), new int[nodes], new int[nodes], node, choices);
    for (Map<Integer, int[]> choice : choices) {
      Simulator sim = restore(state);
      SlotContext slot = sim.beginSlot();
      for (JobView job : sim.outstandingJobs()) {
        int[] pw = choice.get(job.id());
        for (int k = 0; pw != null && k < pw[0]; k++) {
          slot.tryAddOn(pw[2], job, Task.PS);
        }
        for (int k = 0; pw != null && k < pw[1]; k++) {
          slot.tryAddOn(pw[2], job, Task.WORKER);
        }
      }
      SlotOutcome outcome = sim.endSlot();
      plan.add(choice);
      if (outcome.finished()) {
        schedules++;
        double total = sim.result().averageJct() * trace.size();
        if (total < best) {
          best = total;
          bestPlan = List.copyOf(plan);
        }
      } else {
        double nextSpent = spent + outcome.remaining(); // each job still waiting spent the slot
        if (nextSpent < best) {
          ByteArrayOutputStream bytes = new ByteArrayOutputStream();
          StateWriter out = new StateWriter(bytes);
          sim.writeState(out);
          out.flush();
          search(bytes.toByteArray(), nextSpent, plan);
        }
      }
      plan.remove(plan.size() - 1);
    }
  }

  /** Every fitting choice of jobs k.. given those before, at least one job training. */
  private static void choose(
      List<JobView> jobs,
      int k,
      Map<Integer, int[]> chosen,
      int[] cores,
      int[] gpus,
      Resources node,
      List<Map<Integer, int[]>> out) {
    if (k == jobs.size()) {
      if (!chosen.isEmpty() || jobs.isEmpty()) { // a slot before the first arrival passes idle
        out.add(new HashMap<>(chosen));
      }
      return;
    }
    JobView job = jobs.get(k);
    choose(jobs, k + 1, chosen, cores, gpus, node, out);
    Resources worker = job.type().demand(Task.WORKER);
    Resources ps = job.type().demand(Task.PS);
    for (int[] pw : SlottedMip.CONFIGS) {
      Resources use = ps.times(pw[0]).plus(worker.times(pw[1]));
      for (int n = 0; n < cores.length; n++) {
        if (cores[n] + use.cores() <= node.cores() && gpus[n] + use.gpus() <= node.gpus()) {
          chosen.put(job.id(), new int[] {pw[0], pw[1], n});
          cores[n] += use.cores();
          gpus[n] += use.gpus();
          choose(jobs, k + 1, chosen, cores, gpus, node, out);
          cores[n] -= use.cores();
          gpus[n] -= use.gpus();
          chosen.remove(job.id());
        }
      }
    }
  }
}
