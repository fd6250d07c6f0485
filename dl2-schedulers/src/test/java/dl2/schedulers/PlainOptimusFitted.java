package dl2.schedulers;

import dl2.schedulers.OptimusFitted.Config;
import dl2.simulation.JobView;
import dl2.simulation.Scheduler;
import dl2.simulation.SlotContext;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link OptimusFitted}'s bookkeeping as first written, kept as its reference: every slot it
 * visits every outstanding job to observe its progress and rebuilds its maps of all of them. The
 * allocation steps are {@link OptimusFitted#allocate}'s. {@link IncrementalBaselinesTest} checks
 * that both decide alike.
 */
final class PlainOptimusFitted implements Scheduler {
  private record Seen(int slot, Config config, double progress) {}

  private Map<Integer, OptimusFittedSpeed> speeds = new TreeMap<>();
  private Map<Integer, Seen> previous = new TreeMap<>();
  private int previousSlot = -1;

  @Override
  public String name() {
    return "optimus-fitted";
  }

  @Override
  public void schedule(SlotContext slot) {
    observe(slot);
    OptimusFitted.allocate(slot, job -> speeds.get(job.id()));
    remember(slot);
  }

  private void observe(SlotContext slot) {
    if (slot.slot() <= previousSlot) {
      previous = new TreeMap<>();
      speeds = new TreeMap<>();
    }
    previousSlot = slot.slot();
    Map<Integer, OptimusFittedSpeed> outstanding = new TreeMap<>();
    for (JobView job : slot.jobs()) {
      OptimusFittedSpeed speed = speeds.getOrDefault(job.id(), new OptimusFittedSpeed());
      Seen seen = previous.get(job.id());
      if (seen != null && seen.slot() == slot.slot() - 1 && seen.config().numPs() > 0 && seen.config().numWorkers() > 0) {
        double epochs = job.progress() - seen.progress();
        if (epochs > 0) {
          speed.observe(seen.config().numPs(), seen.config().numWorkers(), epochs);
        }
      }
      outstanding.put(job.id(), speed);
    }
    speeds = outstanding;
  }

  private void remember(SlotContext slot) {
    previous = new TreeMap<>();
    for (JobView job : slot.jobs()) {
      previous.put(job.id(), new Seen(slot.slot(), new Config(job.parameterServers(), job.workers()), job.progress()));
    }
  }
}
