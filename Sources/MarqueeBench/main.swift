print("marquee-bench")
