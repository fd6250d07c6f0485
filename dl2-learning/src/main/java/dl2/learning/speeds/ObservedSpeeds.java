package dl2.learning.speeds;

import dl2.fit.WarmNnls;
import dl2.io.StateReader;
import dl2.io.StateWriter;
import dl2.model.JobType;
import dl2.slot.JobProgress;
import dl2.slot.JobView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Job speeds as a cluster can know them: fitted to the progress jobs were measured to make under
 * the allocations they actually held. Per job type, the Optimus form 1/rate = θ·(1/w, 1, w/p, w, p)
 * with θ ≥ 0 is fitted by non-negative least squares on relative error to every measurement of that
 * type's jobs (averaged per configuration, weighted by how often it was seen). Each job's own
 * measurements then scale its type's curve by the geometric mean of measured over fitted rates,
 * because two jobs of one type do not run equally fast. What a job would do at a configuration it
 * never held comes only from this fit, never from a simulator's speed model. Updated online, as a
 * controller would: it keeps what it learnt about types across traces, and forgets a job once it
 * completes.
 */
public final class ObservedSpeeds implements SpeedEstimate {
  /** A job's last measurements kept for its level (older ones describe a job that has moved on). */
  private static final int JOB_MEMORY = 8;

  private final Map<JobType, TypeFit> types = new TreeMap<>();
  private final Map<Integer, List<double[]>> jobs = new TreeMap<>(); // id → (p, w, measured rate)
  // Levels as computed since the last measurement: a slot's decisions re-encode a job many times
  // between two slots' measurements, and every level would otherwise refit-evaluate its history.
  private final Map<Integer, Double> levels = new HashMap<>();

  /** Learns from one job's slot: {@code type} is the type of the job the measurement is about. */
  public synchronized void measured(JobType type, JobProgress measurement) {
    int p = measurement.parameterServers();
    int w = measurement.workers();
    double rate = measurement.epochsPerSlot();
    if (p < 1 || w < 1 || !(rate > 0) || Double.isInfinite(rate)) {
      return; // no worker or no PS: nothing about the speed curve was measured
    }
    levels.clear();
    types.computeIfAbsent(type, t -> new TypeFit()).add(p, w, rate);
    List<double[]> own = jobs.computeIfAbsent(measurement.jobId(), id -> new ArrayList<>());
    own.add(new double[] {p, w, rate});
    if (own.size() > JOB_MEMORY) {
      own.remove(0);
    }
    if (measurement.completed()) {
      jobs.remove(measurement.jobId());
    }
  }

  /**
   * What was measured of each type, for a policy file (jobs are not kept). Synchronised with {@link
   * #measured}: an asynchronous learner checkpoints while its agents go on measuring.
   */
  public synchronized SpeedMemory memory() {
    Map<String, List<double[]>> memory = new TreeMap<>();
    types.forEach((type, fit) -> memory.put(type.modelName(), fit.points()));
    return new SpeedMemory(memory);
  }

  /**
   * Speeds that start from {@code memory}'s measurements; models this build does not know are
   * skipped.
   */
  public static ObservedSpeeds from(SpeedMemory memory) {
    ObservedSpeeds speeds = new ObservedSpeeds();
    memory
        .types()
        .forEach(
            (model, points) ->
                JobType.byModelName(model)
                    .ifPresent(
                        type -> {
                          TypeFit fit = new TypeFit();
                          points.forEach(p -> fit.put(p.clone()));
                          speeds.types.put(type, fit);
                        }));
    return speeds;
  }

  /** A new trace starts: job ids now mean other jobs. What was learnt about types stays. */
  public void startTrace() {
    jobs.clear();
    levels.clear();
  }

  /** Whether any measurement of {@code type} was made. */
  public boolean knows(JobType type) {
    return types.containsKey(type);
  }

  /** Measurements held for job {@code jobId} (0 once it completed, or before it ran). */
  public int measurements(int jobId) {
    List<double[]> own = jobs.get(jobId);
    return own == null ? 0 : own.size();
  }

  /**
   * Estimated epochs per slot of {@code job} at ({@code numPs}, {@code numWorkers}): 0 without a
   * worker or a PS, and 0 for a type never measured.
   */
  @Override
  public double epochsPerSlot(JobView job, int numPs, int numWorkers) {
    TypeFit fit = types.get(job.type());
    if (numPs < 1 || numWorkers < 1 || fit == null) {
      return 0;
    }
    return fit.epochsPerSlot(numPs, numWorkers) * level(job.id(), fit);
  }

  /**
   * Epochs per slot of the fitted curve of {@code type} at ({@code numPs}, {@code numWorkers}),
   * without any job's own level: 0 without a worker or a PS, and 0 for a type never measured.
   */
  public double curveEpochsPerSlot(JobType type, int numPs, int numWorkers) {
    TypeFit fit = types.get(type);
    if (numPs < 1 || numWorkers < 1 || fit == null) {
      return 0;
    }
    return fit.epochsPerSlot(numPs, numWorkers);
  }

  /**
   * How fast {@code job} runs against its type's fitted curve (1 for a job or type never measured).
   */
  public double level(JobView job) {
    TypeFit fit = types.get(job.type());
    return fit == null ? 1 : level(job.id(), fit);
  }

  /**
   * ln(the job's last measured speed / its own fitted curve at that allocation): how much slower
   * (negative) or faster than its usual self the job ran last time it was measured, e.g. because of
   * where its tasks were. 0 for a job or type never measured.
   */
  public double lastDeviation(JobView job) {
    TypeFit fit = types.get(job.type());
    List<double[]> own = jobs.get(job.id());
    if (fit == null || own == null || own.isEmpty()) {
      return 0;
    }
    double[] last = own.get(own.size() - 1);
    double expected = fit.epochsPerSlot((int) last[0], (int) last[1]) * level(job.id(), fit);
    return expected > 0 ? Math.log(last[2] / expected) : 0;
  }

  /** exp(mean log(measured / fitted)) over the job's kept measurements; 1 without any. */
  private double level(int jobId, TypeFit fit) {
    Double known = levels.get(jobId);
    if (known != null) {
      return known;
    }
    double level = computeLevel(jobId, fit);
    levels.put(jobId, level);
    return level;
  }

  private double computeLevel(int jobId, TypeFit fit) {
    List<double[]> own = jobs.get(jobId);
    if (own == null || own.isEmpty()) {
      return 1;
    }
    double logSum = 0;
    int used = 0;
    for (double[] m : own) {
      double fitted = fit.epochsPerSlot((int) m[0], (int) m[1]);
      if (fitted > 0) {
        logSum += Math.log(m[2] / fitted);
        used++;
      }
    }
    return used == 0 ? 1 : Math.exp(logSum / used);
  }

  public void writeState(StateWriter out) {
    out.tag("observed-speeds");
    out.writeInt(types.size());
    types.forEach(
        (type, fit) -> {
          out.writeInt(type.number());
          fit.writeState(out);
        });
    out.writeInt(jobs.size());
    jobs.forEach(
        (id, own) -> {
          out.writeInt(id);
          out.writeInt(own.size());
          own.forEach(out::writeDoubles);
        });
  }

  public void readState(StateReader in) {
    in.expect("observed-speeds");
    types.clear();
    jobs.clear();
    levels.clear();
    int typeCount = in.readCount(JobType.values().length);
    for (int i = 0; i < typeCount; i++) {
      JobType type = JobType.ofNumber(in.readInt());
      TypeFit fit = new TypeFit();
      fit.readState(in);
      types.put(type, fit);
    }
    int jobCount = in.readCount(1 << 24);
    for (int i = 0; i < jobCount; i++) {
      int id = in.readInt();
      int count = in.readCount(JOB_MEMORY);
      List<double[]> own = new ArrayList<>(count);
      for (int k = 0; k < count; k++) {
        own.add(in.readDoubles());
      }
      jobs.put(id, own);
    }
  }

  /**
   * One type's measurements, averaged per configuration, and the Optimus form fitted to them
   * (lazily).
   */
  private static final class TypeFit {
    private final Map<Long, double[]> byConfig =
        new TreeMap<>(); // key p·2^32 + w → (p, w, count, rate sum)
    private double[] theta;

    /** A slot's measurements seldom change which coefficients are positive. */
    private final WarmNnls solver = new WarmNnls(5);

    void add(int p, int w, double rate) {
      double[] point =
          byConfig.computeIfAbsent(((long) p << 32) | w, k -> new double[] {p, w, 0, 0});
      point[2]++;
      point[3] += rate;
      theta = null;
    }

    double epochsPerSlot(int p, int w) {
      if (theta == null) {
        theta = fit();
      }
      // features(p, w) · θ, term by term in the same order, without an array per call
      double inverse = 0;
      inverse += theta[0] * (1.0 / w);
      inverse += theta[1] * 1;
      inverse += theta[2] * ((double) w / p);
      inverse += theta[3] * w;
      inverse += theta[4] * p;
      return inverse > 0 ? 1 / inverse : 0;
    }

    /** NNLS on relative error: row = features × mean rate × √count, target √count. */
    private double[] fit() {
      double[][] a = new double[byConfig.size()][];
      double[] b = new double[a.length];
      int i = 0;
      for (double[] point : byConfig.values()) {
        double weight = Math.sqrt(point[2]);
        double rate = point[3] / point[2];
        a[i] = features((int) point[0], (int) point[1]);
        for (int j = 0; j < a[i].length; j++) {
          a[i][j] *= rate * weight;
        }
        b[i++] = weight;
      }
      return solver.solve(a, b);
    }

    private static double[] features(int p, int w) {
      return new double[] {1.0 / w, 1, (double) w / p, w, p};
    }

    List<double[]> points() {
      return byConfig.values().stream().map(double[]::clone).toList();
    }

    void put(double[] point) {
      byConfig.put(((long) point[0] << 32) | (long) point[1], point);
      theta = null;
    }

    void writeState(StateWriter out) {
      out.writeInt(byConfig.size());
      byConfig.values().forEach(out::writeDoubles);
    }

    void readState(StateReader in) {
      int count = in.readCount(1 << 20);
      for (int i = 0; i < count; i++) {
        double[] point = in.readDoubles();
        byConfig.put(((long) point[0] << 32) | (long) point[1], point);
      }
      theta = null;
    }
  }
}
