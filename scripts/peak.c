/* Runs a command, its output to /dev/null, and prints its peak resident memory in KiB.
 *
 * Why a program of its own: a child's peak memory counts the memory of the process it was forked from,
 * up to its exec. Forked from this small program, the peak is the command's own, where a child of the
 * benchmark's Python, which holds the documents it made, would report the Python's.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: peak COMMAND [ARGUMENT...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid == 0) {
        int sink = open("/dev/null", O_WRONLY);
        dup2(sink, 1);
        dup2(sink, 2);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (pid < 0 || wait4(pid, &status, 0, &usage) < 0) {
        perror("peak");
        return 2;
    }
    printf("%ld\n", usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
