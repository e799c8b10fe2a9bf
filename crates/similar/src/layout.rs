use serde::{Deserialize, Serialize};

/// A node position in the unit square `[0, 1] × [0, 1]`.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Point {
    /// Horizontal position.
    pub x: f32,
    /// Vertical position.
    pub y: f32,
}

/// A deterministic force-directed layout (Fruchterman–Reingold) of `n` nodes
/// with weighted `edges`, scaled into the unit square.
///
/// It runs at bundle build time, so the browser only draws.
pub fn layout(n: usize, edges: &[(usize, usize, f32)], iterations: usize) -> Vec<Point> {
    if n == 0 {
        return Vec::new();
    }
    // Deterministic start: a golden-angle spiral.
    let mut pos: Vec<(f32, f32)> = (0..n)
        .map(|i| {
            let r = ((i as f32 + 0.5) / n as f32).sqrt();
            let a = i as f32 * 2.399_963;
            (r * a.cos(), r * a.sin())
        })
        .collect();
    let k = (1.0 / n as f32).sqrt();
    let mut temp = 0.1f32;
    let mut disp = vec![(0.0f32, 0.0f32); n];
    for _ in 0..iterations {
        disp.fill((0.0, 0.0));
        for i in 0..n {
            for j in (i + 1)..n {
                let (dx, dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                let d2 = (dx * dx + dy * dy).max(1e-6);
                let f = k * k / d2;
                disp[i].0 += dx * f;
                disp[i].1 += dy * f;
                disp[j].0 -= dx * f;
                disp[j].1 -= dy * f;
            }
        }
        for &(a, b, w) in edges {
            if a >= n || b >= n {
                continue;
            }
            let (dx, dy) = (pos[a].0 - pos[b].0, pos[a].1 - pos[b].1);
            let d = (dx * dx + dy * dy).sqrt().max(1e-3);
            let f = d * w / k;
            disp[a].0 -= dx * f;
            disp[a].1 -= dy * f;
            disp[b].0 += dx * f;
            disp[b].1 += dy * f;
        }
        for i in 0..n {
            // Gentle gravity keeps disconnected nodes from drifting away.
            disp[i].0 -= pos[i].0 * 0.05 / k;
            disp[i].1 -= pos[i].1 * 0.05 / k;
            let len = (disp[i].0 * disp[i].0 + disp[i].1 * disp[i].1).sqrt().max(1e-9);
            let step = len.min(temp);
            pos[i].0 += disp[i].0 / len * step;
            pos[i].1 += disp[i].1 / len * step;
        }
        temp = (temp * 0.97).max(0.002);
    }
    let (minx, maxx) = pos.iter().fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (miny, maxy) = pos.iter().fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let (sx, sy) = ((maxx - minx).max(1e-6), (maxy - miny).max(1e-6));
    pos.into_iter().map(|(x, y)| Point { x: (x - minx) / sx, y: (y - miny) / sy }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connected_nodes_end_closer_than_unconnected() {
        let edges = [(0, 1, 1.0), (2, 3, 1.0)];
        let p = layout(6, &edges, 200);
        let d = |a: usize, b: usize| ((p[a].x - p[b].x).powi(2) + (p[a].y - p[b].y).powi(2)).sqrt();
        assert!(d(0, 1) < d(0, 2) && d(2, 3) < d(1, 3), "{p:?}");
        assert!(p.iter().all(|q| (0.0..=1.0).contains(&q.x) && (0.0..=1.0).contains(&q.y)));
    }

    #[test]
    fn layout_is_deterministic() {
        let edges = [(0, 1, 0.5), (1, 2, 0.8)];
        assert_eq!(layout(5, &edges, 50), layout(5, &edges, 50));
    }
}
