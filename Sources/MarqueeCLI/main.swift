import MarqueeServer
import ArgumentParser
print("x")
