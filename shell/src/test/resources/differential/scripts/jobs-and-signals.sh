# Jobs and signals: the status of a job killed by a signal, whether the job ran a command, a function, a group or
# another shell, and a shell that traps the signal and exits with its own status.
exec 2>/dev/null
sleep 5 &
kill -9 %1; wait %1; echo "command killed: $?"
f() { sleep 5; }
f &
kill -9 %1; wait %1; echo "function killed: $?"
bash -c 'sleep 5' &
sleep 0.2
kill -9 %1; wait %1; echo "shell killed: $?"
bash -c 'sleep 5; true' &
sleep 0.2
kill %1; wait %1; echo "shell terminated: $?"
bash -c 'trap "echo trapped; exit 3" TERM; sleep 0.5; sleep 0.5' &
sleep 0.2
kill %1; wait %1; echo "shell trapped: $?"
bash -c 'sleep 5 & wait' &
sleep 0.2
kill -9 %1; wait %1; echo "shell killed in its last wait: $?"
bash -c 'sleep 5 & wait $!' &
sleep 0.2
kill -9 %1; wait %1; echo "shell killed waiting for its job: $?"
