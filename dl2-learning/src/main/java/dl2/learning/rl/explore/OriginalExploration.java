package dl2.learning.rl.explore;

import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.learning.state.Observation;
import dl2.model.Rng;
import dl2.slot.JobView;

/**
 * Mode {@code original} (dl2-spec §7.10): rule (A) balances the window towards its smallest job,
 * then the scan (B) visits the columns in order and its first firing rule sets the action, possibly
 * overriding (A). ρ is drawn once per slot.
 *
 * <p>Random draws, so that a seed fixes every outcome. Each draw happens where its condition is
 * evaluated, in the order the spec lists the conditions, and only if evaluation gets there (as in
 * the original's short-circuit {@code and}s). Per slot: ρ (one {@code nextIntInclusive}). Per
 * decision, in this order:
 *
 * <ol>
 *   <li>(A): R iff the window has a job and min > 0; then the ½ coin (< ½ = bundle) iff ⌊max/min⌋ >
 *       R and both actions are valid.
 *   <li>(B), column by column: B1 draws nothing. B2: U iff w = u = 0 and valid(bundle). B3: U iff u
 *       > ρ·w; then the ½ coin (< ½ = bundle) iff U < ½ and both actions are valid. B4 (only when
 *       B3's "u > ρ·w and U < ½" is false): U iff w ≥ 0.5·u; then the 0.01 draw (< 0.01 = bundle)
 *       iff U < ½ and both actions are valid.
 * </ol>
 *
 * A uniform U "below p" means {@code rng.nextDouble() < p}.
 */
public final class OriginalExploration extends CountingExploration {
  private final ExplorationSettings settings;
  private int psPerWorkerLimit;

  public OriginalExploration(ExplorationSettings settings) {
    this.settings = settings;
  }

  /** ρ of the current slot; 0 before the first slot. */
  public int psPerWorkerLimit() {
    return psPerWorkerLimit;
  }

  @Override
  protected void drawSlotParameters(Rng rng) {
    psPerWorkerLimit = rng.nextIntInclusive(settings.psPerWorkerMin(), settings.psPerWorkerMax());
  }

  @Override
  ExplorationMode mode() {
    return settings.workerWhenPsCapped() ? ExplorationMode.ORIGINAL_PLUS : ExplorationMode.ORIGINAL;
  }

  @Override
  void writeSlotParameters(StateWriter out) {
    out.writeInt(psPerWorkerLimit);
  }

  /** ρ must be 0 (no slot yet) or in this instance's range {psPerWorkerMin..psPerWorkerMax}. */
  @Override
  void readSlotParameters(StateReader in) {
    int rho = in.readInt();
    if (rho != 0 && (rho < settings.psPerWorkerMin() || rho > settings.psPerWorkerMax())) {
      throw in.corrupt(
          "saved ρ "
              + rho
              + " outside "
              + settings.psPerWorkerMin()
              + ".."
              + settings.psPerWorkerMax());
    }
    psPerWorkerLimit = rho;
  }

  @Override
  protected int replace(Observation observation, double[] q, int sampledAction, Rng rng) {
    int balanced = balance(observation, q, sampledAction, rng);
    return scan(observation, q, balanced, rng);
  }

  /** Rule (A). */
  private int balance(Observation obs, double[] q, int action, Rng rng) {
    JobView[] columns = obs.columns();
    int minColumn = -1;
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int col = 0; col < columns.length; col++) {
      if (columns[col] != null) {
        int tasks = columns[col].workers() + columns[col].parameterServers();
        if (tasks < min) { // strict: the first column at the minimum
          min = tasks;
          minColumn = col;
        }
        max = Math.max(max, tasks);
      }
    }
    if (minColumn < 0 || min == 0) {
      return action;
    }
    int ratio = rng.nextIntInclusive(settings.balanceRatioMin(), settings.balanceRatioMax());
    // The spec tests q alone; valid() adds m, which changes nothing since q is zero where m is.
    if (max / min <= ratio
        || !valid(obs, q, bundle(minColumn))
        || !valid(obs, q, worker(minColumn))) {
      return action;
    }
    return coin(rng) ? bundle(minColumn) : worker(minColumn);
  }

  /** Rule (B): the first rule that fires ends the scan; if none fires, the action stands. */
  private int scan(Observation obs, double[] q, int action, Rng rng) {
    int rareOffset = rareTypeOffset();
    JobView[] columns = obs.columns();
    for (int col = 0; col < columns.length; col++) {
      JobView job = columns[col];
      if (job == null) {
        continue;
      }
      if (rareOffset >= 0 && valid(obs, q, 3 * col + rareOffset)) {
        return 3 * col + rareOffset; // B1; otherwise fall through to B2 for the same job
      }
      int w = job.workers();
      int u = job.parameterServers();
      if (w == 0 || u == 0) {
        return missingTask(obs, q, col, action, rng); // B2 fires even if nothing changed
      }
      if (u > psPerWorkerLimit * w && coin(rng)) {
        if (valid(obs, q, bundle(col)) && valid(obs, q, worker(col))) {
          return coin(rng) ? bundle(col) : worker(col); // B3
        }
        if (settings.workerWhenPsCapped() && !obs.mask()[ps(col)] && valid(obs, q, worker(col))) {
          return worker(col); // B3, Project variant: the PS cap masks the bundle
        }
      } else if (w >= settings.workersPerPsToAddPs() * u && coin(rng)) {
        if (valid(obs, q, bundle(col)) && valid(obs, q, ps(col))) {
          return rng.nextDouble() < settings.bundleInsteadOfPsProbability()
              ? bundle(col)
              : ps(col); // B4
        }
      }
    }
    return action;
  }

  /** B1's type k as an action offset (0 worker, 1 PS, 2 bundle), or -1 if no type is rare. */
  private int rareTypeOffset() {
    ExecutedCounts c = counts();
    boolean allPositive = c.workers() > 0 && c.parameterServers() > 0 && c.bundles() > 0;
    if (!allPositive) {
      return -1;
    }
    int k = c.rarest().ordinal();
    return (double) c.of(c.rarest()) / c.total() < settings.rareTypeShare() ? k : -1;
  }

  /** Rule B2: three steps in order, each later one overriding. */
  private int missingTask(Observation obs, double[] q, int col, int action, Rng rng) {
    JobView job = obs.columns()[col];
    boolean noWorker = job.workers() == 0;
    boolean noPs = job.parameterServers() == 0;
    int chosen = action;
    if (noWorker && noPs && valid(obs, q, bundle(col)) && coin(rng)) {
      chosen = bundle(col);
    }
    if (noWorker && valid(obs, q, worker(col))) {
      chosen = worker(col);
    }
    // The original's slip: it checks the probability of the worker, not of the PS it adds.
    if (noPs && obs.mask()[ps(col)] && q[worker(col)] > settings.minValidProbability()) {
      chosen = ps(col);
    }
    return chosen;
  }

  /** valid(x) ⇔ m_x = 1 and q_x > 1e-20. */
  private boolean valid(Observation obs, double[] q, int action) {
    return obs.mask()[action] && q[action] > settings.minValidProbability();
  }

  private boolean coin(Rng rng) {
    return rng.nextDouble() < settings.coinProbability();
  }

  private static int worker(int column) {
    return 3 * column;
  }

  private static int ps(int column) {
    return 3 * column + 1;
  }

  private static int bundle(int column) {
    return 3 * column + 2;
  }
}
