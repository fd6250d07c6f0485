package dl2.bounds;

import dl2.model.JobSpec;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.model.Trace;
import dl2.speed.SpeedModel;
import java.util.ArrayList;
import java.util.List;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;
import org.ojalgo.optimisation.integer.IntegerStrategy;

/**
 * The least total JCT of a tiny trace on one node of the default world, as a mixed-integer program
 * (ojAlgo), written from the simulator's rules rather than from the bound's: in each slot t ≥ its
 * arrival a job holds at most one configuration (p, w ≤ 2) for the whole slot (binary z), within
 * the node's cores and GPUs, and trains a fraction y ≤ z of the slot at that configuration's speed;
 * its epochs sum to E*. Binary v_t says it still trains after slot t (falling in t, at least every
 * z of slot t + 1, and 1 while epochs are left); d_t ∈ [0, 1], the part of slot t before its
 * completion, is at least v_t and at least Σ y. JCT = Σ_t d_t. A fraction y < 1 before the last
 * slot is never better than the whole slot, and a configuration beaten on speed with no more cores
 * and no more GPUs never better than the one that beats it (the default world's speed depends on
 * nothing else), so the optimum is a schedule the simulator runs: {@link #plan} returns it for
 * replay.
 */
final class SlottedMip {
  /** The configurations tried: (p, w) with 1 ≤ p, w ≤ 2. */
  static final int[][] CONFIGS = {{1, 1}, {1, 2}, {2, 1}, {2, 2}};

  private final double total;
  private final int[][] plan; // per job and slot: the configuration's index, or -1

  /**
   * The optimum of {@code trace} over slots 0..horizon−1 on one node of {@code cores} and {@code
   * gpus}.
   */
  SlottedMip(Trace trace, SpeedModel speed, int slotSeconds, int cores, int gpus, int horizon) {
    List<JobSpec> jobs = trace.jobs();
    int n = jobs.size();
    ExpressionsBasedModel model = new ExpressionsBasedModel();
    Variable[][][] z = new Variable[n][horizon][CONFIGS.length];
    Variable[][][] y = new Variable[n][horizon][CONFIGS.length];
    Variable[][] v = new Variable[n][horizon];
    Variable[][] d = new Variable[n][horizon];
    List<Variable> all = new ArrayList<>();
    for (int j = 0; j < n; j++) {
      JobSpec job = jobs.get(j);
      Expression epochs = model.addExpression("epochs" + j).level(job.realEpochs());
      for (int t = job.arrivalSlot(); t < horizon; t++) {
        Expression one = model.addExpression("one" + j + "_" + t).upper(1);
        d[j][t] = add(model, all, "d" + j + "_" + t).lower(0).upper(1).weight(1);
        v[j][t] = add(model, all, "v" + j + "_" + t).binary();
        Expression unfinished = model.addExpression("unfinished" + j + "_" + t).lower(0);
        unfinished.set(d[j][t], 1).set(v[j][t], -1); // d ≥ v
        Expression trained = model.addExpression("trained" + j + "_" + t).lower(0);
        trained.set(d[j][t], 1); // d ≥ Σ y
        for (int c = 0; c < CONFIGS.length; c++) {
          if (beaten(speed, job, c, slotSeconds)) {
            continue;
          }
          z[j][t][c] = add(model, all, "z" + j + "_" + t + "_" + c).binary();
          y[j][t][c] = add(model, all, "y" + j + "_" + t + "_" + c).lower(0).upper(1);
          one.set(z[j][t][c], 1);
          model
              .addExpression("y≤z" + j + "_" + t + "_" + c)
              .upper(0)
              .set(y[j][t][c], 1)
              .set(z[j][t][c], -1);
          trained.set(y[j][t][c], -1);
          epochs.set(
              y[j][t][c],
              speed.epochsPerSlot(job.type(), CONFIGS[c][0], CONFIGS[c][1], slotSeconds));
        }
      }
      for (int t = job.arrivalSlot(); t < horizon; t++) {
        // Epochs left after slot t need v_t = 1: E·v_t + Σ_{t' ≤ t} epochs_t' ≥ E.
        Expression left = model.addExpression("left" + j + "_" + t).lower(job.realEpochs());
        left.set(v[j][t], job.realEpochs());
        for (int u = job.arrivalSlot(); u <= t; u++) {
          for (int c = 0; c < CONFIGS.length; c++) {
            if (y[j][u][c] != null) {
              left.set(y[j][u][c], rate(speed, job, c, slotSeconds));
            }
          }
        }
      }
      for (int t = job.arrivalSlot(); t + 1 < horizon; t++) {
        // v_t ≥ v_{t+1} and v_t ≥ Σ_c z_{t+1}: still training after slot t (so a job that has
        // completed holds nothing)
        model.addExpression("falls" + j + "_" + t).lower(0).set(v[j][t], 1).set(v[j][t + 1], -1);
        Expression later = model.addExpression("later" + j + "_" + t).lower(0).set(v[j][t], 1);
        for (int c = 0; c < CONFIGS.length; c++) {
          if (z[j][t + 1][c] != null) {
            later.set(z[j][t + 1][c], -1);
          }
        }
      }
      model.addExpression("done" + j).level(0).set(v[j][horizon - 1], 1);
    }
    for (int t = 0; t < horizon; t++) {
      Expression coreUse = model.addExpression("cores" + t).upper(cores);
      Expression gpuUse = model.addExpression("gpus" + t).upper(gpus);
      for (int j = 0; j < n; j++) {
        if (t < jobs.get(j).arrivalSlot()) {
          continue;
        }
        Resources worker = jobs.get(j).type().demand(Task.WORKER);
        Resources ps = jobs.get(j).type().demand(Task.PS);
        for (int c = 0; c < CONFIGS.length; c++) {
          if (z[j][t][c] == null) {
            continue;
          }
          Resources use = ps.times(CONFIGS[c][0]).plus(worker.times(CONFIGS[c][1]));
          coreUse.set(z[j][t][c], use.cores());
          gpuUse.set(z[j][t][c], use.gpus());
        }
      }
    }
    model.options.integer(
        IntegerStrategy.DEFAULT.withParallelism(() -> 1)); // one thread, one order
    Optimisation.Result result = model.minimise();
    if (result.getState() != Optimisation.State.OPTIMAL) {
      throw new IllegalStateException("the MIP of " + trace.name() + " ended " + result.getState());
    }
    total = result.getValue();
    plan = new int[n][horizon];
    for (int j = 0; j < n; j++) {
      for (int t = 0; t < horizon; t++) {
        plan[j][t] = -1;
        for (int c = 0; c < CONFIGS.length; c++) {
          if (z[j][t][c] != null && result.doubleValue(all.indexOf(z[j][t][c])) > 0.5) {
            plan[j][t] = c;
          }
        }
      }
    }
  }

  /**
   * Whether another configuration is at least as fast with no more cores and no more GPUs (and
   * better in one, or equal and listed first): holding that one instead never delays the job.
   */
  private static boolean beaten(SpeedModel speed, JobSpec job, int c, int slotSeconds) {
    Resources mine = use(job, c);
    for (int o = 0; o < CONFIGS.length; o++) {
      Resources other = use(job, o);
      double mineRate = rate(speed, job, c, slotSeconds);
      double otherRate = rate(speed, job, o, slotSeconds);
      boolean noMore = other.cores() <= mine.cores() && other.gpus() <= mine.gpus();
      boolean better = otherRate > mineRate || !other.equals(mine);
      if (o != c && noMore && otherRate >= mineRate && (better || o < c)) {
        return true;
      }
    }
    return false;
  }

  private static Resources use(JobSpec job, int c) {
    return job.type()
        .demand(Task.PS)
        .times(CONFIGS[c][0])
        .plus(job.type().demand(Task.WORKER).times(CONFIGS[c][1]));
  }

  private static double rate(SpeedModel speed, JobSpec job, int c, int slotSeconds) {
    return speed.epochsPerSlot(job.type(), CONFIGS[c][0], CONFIGS[c][1], slotSeconds);
  }

  private static Variable add(ExpressionsBasedModel model, List<Variable> all, String name) {
    Variable variable = model.addVariable(name);
    all.add(variable);
    return variable;
  }

  /** The optimum's total JCT, in slots. */
  double total() {
    return total;
  }

  /** Per job (trace order) and slot: the index in {@link #CONFIGS} it holds, or −1. */
  int[][] plan() {
    return plan;
  }
}
