package dl2.console;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * Peak heap and garbage collection since {@link #start()}: the sum of the heap pools' peak usage
 * (an upper bound on the peak of their total) and the collectors' counts and times.
 */
public final class HeapMeter {
  private long collectionsAtStart;
  private long collectionMillisAtStart;

  public static HeapMeter start() {
    HeapMeter meter = new HeapMeter();
    System.gc();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
    meter.collectionsAtStart = collections();
    meter.collectionMillisAtStart = collectionMillis();
    return meter;
  }

  public long peakHeapBytes() {
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }

  public long collectionsSinceStart() {
    return collections() - collectionsAtStart;
  }

  public long collectionMillisSinceStart() {
    return collectionMillis() - collectionMillisAtStart;
  }

  public static long maxHeapBytes() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax();
  }

  private static long collections() {
    return ManagementFactory.getGarbageCollectorMXBeans().stream()
        .mapToLong(GarbageCollectorMXBean::getCollectionCount)
        .filter(c -> c > 0)
        .sum();
  }

  private static long collectionMillis() {
    return ManagementFactory.getGarbageCollectorMXBeans().stream()
        .mapToLong(GarbageCollectorMXBean::getCollectionTime)
        .filter(c -> c > 0)
        .sum();
  }
}
