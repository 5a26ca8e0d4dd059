// `import Firebase` works as in the Firebase pods: this umbrella re-exports FirebaseMLVision.
@_exported import FirebaseMLVision
