print("vision-tasks: under construction")
