package dl2.workload;

import dl2.model.JobSpec;
import dl2.model.Rng;
import dl2.model.SeedStream;
import dl2.model.Trace;
import java.util.ArrayList;
import java.util.List;

/**
 * The length knowledge of a run and, under {@code estimated}, its error model: applied to each
 * trace as it is submitted, so that every job's estimate is fixed before any scheduler runs and the
 * simulator still completes it on its true length E*. Job {@code id}'s estimate is drawn from
 * stream {@code Rng.derive(traceSeed, LENGTH_ESTIMATES, id)}, so it does not depend on the other
 * jobs, on the scheduler or on any other stream: {@code exact} draws nothing.
 *
 * @param knowledge what schedulers know
 * @param error how estimates err (used under {@code estimated} only)
 */
public record LengthSetting(LengthKnowledge knowledge, LengthError error) {
  /** The paper's setting and the default: schedulers read E, which the trace gives. */
  public static final LengthSetting EXACT =
      new LengthSetting(LengthKnowledge.EXACT, LengthError.CALIBRATED);

  public LengthSetting {
    if (knowledge == null || error == null) {
      throw new IllegalArgumentException("length setting incomplete");
    }
  }

  /** Whether this is the paper's setting (nothing changes). */
  public boolean exact() {
    return knowledge == LengthKnowledge.EXACT;
  }

  /**
   * {@code trace} as schedulers see it: unchanged under {@code exact} (and for a trace whose own
   * estimates are used); each job's E replaced by an estimate of its E* under {@code estimated}; E
   * removed under {@code unknown}.
   */
  public Trace apply(Trace trace, long traceSeed) {
    if (knowledge == LengthKnowledge.EXACT
        || (knowledge == LengthKnowledge.ESTIMATED && error.kind() == LengthError.Kind.TRACE)) {
      return trace;
    }
    List<JobSpec> jobs = new ArrayList<>(trace.size());
    for (JobSpec job : trace.jobs()) {
      jobs.add(
          knowledge == LengthKnowledge.UNKNOWN
              ? job.withEstimate(JobSpec.NO_ESTIMATE)
              : job.withEstimate(
                  error.estimate(
                      job.realEpochs(),
                      new Rng(Rng.derive(traceSeed, SeedStream.LENGTH_ESTIMATES, job.id())))));
    }
    return new Trace(trace.name(), jobs);
  }

  /**
   * The error model a length prior weighs estimates with: this one under {@code estimated};
   * otherwise no estimate is ever weighed, and a zero error stands in.
   */
  public LengthError priorError() {
    return knowledge == LengthKnowledge.ESTIMATED
        ? error
        : new LengthError(LengthError.Kind.UNIFORM, 0);
  }

  /** As a run describes it: {@code exact}, {@code estimated (calibrated)}, {@code unknown}. */
  public String label() {
    return knowledge == LengthKnowledge.ESTIMATED
        ? knowledge.label() + " (" + error.label() + ")"
        : knowledge.label();
  }
}
