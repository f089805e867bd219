/*
 * JNI critical regions for test/gc/CriticalRegionDelaysOrPinsCollection.java. One thread holds an int[]
 * with GetPrimitiveArrayCritical and makes no JNI call until it releases it; other threads see that it
 * holds the array and tell it to let go through plain flags in native memory, never through the JVM.
 */
#include <jni.h>
#include <time.h>

static volatile int holding;
static volatile int letGo;

static long long nowMillis(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long) t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Holds the array in a critical region until letGo() or limitMillis; true if it was let go in time. */
JNIEXPORT jboolean JNICALL
Java_CriticalRegionDelaysOrPinsCollection_00024Workload_hold(JNIEnv *env, jclass cls, jintArray array, jlong limitMillis) {
    (void) cls;
    letGo = 0;
    jint *elements = (*env)->GetPrimitiveArrayCritical(env, array, NULL);
    if (elements == NULL) {
        return JNI_FALSE;
    }
    holding = 1;
    long long end = nowMillis() + limitMillis;
    /* a quarter of a millisecond asleep between looks, not a spin: the region is held either way, and a spinning
       holder took a core from whatever else ran for the whole window (the other lane of a run) */
    struct timespec nap = {0, 250000};
    while (!letGo && nowMillis() < end) {
        nanosleep(&nap, NULL);
    }
    int inTime = letGo;
    holding = 0;
    (*env)->ReleasePrimitiveArrayCritical(env, array, elements, JNI_ABORT);
    return inTime ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jboolean JNICALL
Java_CriticalRegionDelaysOrPinsCollection_00024Workload_holding(JNIEnv *env, jclass cls) {
    (void) env; (void) cls;
    return holding ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL
Java_CriticalRegionDelaysOrPinsCollection_00024Workload_letGo(JNIEnv *env, jclass cls) {
    (void) env; (void) cls;
    letGo = 1;
}
