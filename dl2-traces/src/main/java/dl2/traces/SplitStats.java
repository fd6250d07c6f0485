package dl2.traces;

/**
 * What one time split holds: its jobs and windows, its job lengths (epochs after mapping,
 * nearest-rank percentiles) and its arrivals per slot (over every slot of the split's time range,
 * empty ones included).
 */
public record SplitStats(
    TimeSplit split,
    int jobs,
    int windows,
    double fromSeconds,
    double toSeconds,
    double epochsP50,
    double epochsP90,
    double epochsP99,
    double epochsMax,
    int slots,
    double arrivalsPerSlotMean,
    int arrivalsPerSlotP99,
    int arrivalsPerSlotMax) {}
