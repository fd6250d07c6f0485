package example;

import dl2.schedulers.SchedulerPlugin;
import dl2.slot.Scheduler;

/** Registers {@link LeastAttainedService} as scheduler "las" (listed in META-INF/services). */
public final class LeastAttainedServicePlugin implements SchedulerPlugin {
  @Override
  public String name() {
    return LeastAttainedService.NAME;
  }

  @Override
  public Scheduler create(long seed) {
    return new LeastAttainedService(); // nothing random in it, so the seed is unused
  }
}
