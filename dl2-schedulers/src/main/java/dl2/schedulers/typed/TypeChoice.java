package dl2.schedulers.typed;

import dl2.model.JobType;
import dl2.model.Resources;
import dl2.model.Task;
import dl2.slot.JobView;
import dl2.slot.SlotContext;

/**
 * How a job's GPU type is chosen: the type where its workers train fastest, or fastest per unit of
 * the type's cost. A type's cost is its (believed) factor averaged over the built-in job types that
 * use a GPU, so 1 for the fastest type of a family and about 0.19 for Gavel's K80: a type is worth
 * more to a job whose speed there is high against what the type gives the average job (Gavel's
 * comparative advantage). Either score is weighed by the dry-run pace of the workers the type has
 * room for, so a type too full for the job loses to one with room.
 */
public enum TypeChoice {
  /** The job's factor on the type: its marginal gain there. */
  FASTEST,
  /** The job's factor on the type over the type's cost: gain per unit of cost. */
  PER_COST;

  double score(double factor, double cost) {
    return this == FASTEST ? factor : factor / cost;
  }

  /** Every type's cost: its believed factor averaged over the built-in job types using a GPU. */
  static double[] costs(TypeFactors factors, int types) {
    double[] costs = new double[types];
    for (int t = 0; t < types; t++) {
      int counted = 0;
      for (JobType type : JobType.values()) {
        if (type.builtIn() && type.usesGpu()) {
          costs[t] += factors.factor(type, t);
          counted++;
        }
      }
      costs[t] /= counted;
    }
    return costs;
  }

  /**
   * The type {@code job} should run its {@code workers} workers (with {@code ps} PSs) on: the
   * highest score times the dry-run pace of the workers that fit there beyond {@code reserved}
   * (workers other jobs will add there), ties to the cheaper type, then to the type listed first;
   * if reservations leave no room anywhere, the same over the room there is; -1 if no type has a
   * worker's room.
   */
  int choose(
      JobView job,
      int ps,
      int workers,
      SlotContext slot,
      GpuTypeNodes nodes,
      TypeFactors factors,
      double[] costs,
      int[] reserved) {
    int best = choose(job, ps, workers, slot, nodes, factors, costs, reserved, true);
    return best >= 0
        ? best
        : choose(job, ps, workers, slot, nodes, factors, costs, reserved, false);
  }

  private int choose(
      JobView job,
      int ps,
      int workers,
      SlotContext slot,
      GpuTypeNodes nodes,
      TypeFactors factors,
      double[] costs,
      int[] reserved,
      boolean honourReserved) {
    Resources demand = job.type().demand(Task.WORKER);
    int best = -1;
    double bestProspect = 0;
    for (int t = 0; t < nodes.count(); t++) {
      int held = honourReserved ? reserved[t] : 0;
      int room = Math.max(0, nodes.room(slot.cluster(), t, demand, workers + held) - held);
      if (room == 0) {
        continue;
      }
      double prospect =
          score(factors.factor(job.type(), t), costs[t])
              * slot.dryRunEpochsPerSlot(job, Math.max(ps, 1), room);
      if (best < 0
          || prospect > bestProspect
          || (prospect == bestProspect && costs[t] < costs[best])) {
        best = t;
        bestProspect = prospect;
      }
    }
    return best;
  }

  /** The type {@code job} scores highest on, whatever the room, ties as in {@link #choose}. */
  int preferred(JobView job, TypeFactors factors, double[] costs) {
    int best = 0;
    for (int t = 1; t < costs.length; t++) {
      double score = score(factors.factor(job.type(), t), costs[t]);
      double bestScore = score(factors.factor(job.type(), best), costs[best]);
      if (score > bestScore || (score == bestScore && costs[t] < costs[best])) {
        best = t;
      }
    }
    return best;
  }
}
